/**
 * The extension point for API groups: a group module implements {@link dev.customapiserver.apis.ApiGroupModule}
 * and lists itself in {@code META-INF/services/dev.customapiserver.apis.ApiGroupModule}. The built-in
 * groups live in sub-packages, one each, and use nothing a user's own group could not.
 */
package dev.customapiserver.apis;
