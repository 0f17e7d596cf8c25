/** Label and field selectors: parsing with Kubernetes' grammar and matching. */
package dev.customapiserver.api.selectors;
