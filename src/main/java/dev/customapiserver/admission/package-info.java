/**
 * Admission: the contracts of mutating and validating plugins, the attributes they see, the lister
 * seam through which they read other objects, and (in sub-packages) the ordered chain and webhooks.
 * Group modules provide plugins through {@link dev.customapiserver.apis.ApiGroupModule}; the registry
 * runs them through {@link dev.customapiserver.admission.Admission}. Knows nothing of storage or HTTP.
 */
package dev.customapiserver.admission;
