/**
 * Extension endpoints: plain HTTP endpoints a group module serves beside its resources (e.g.
 * {@code /wukong/}), described without HTTP types ({@link dev.customapiserver.runtime.extension.ExtensionEndpoint},
 * request and response records) and bound to the web framework by the endpoints layer, behind the
 * same authentication and authorization as the API. {@link dev.customapiserver.runtime.extension.ObjectClient}
 * is how such endpoints read and write objects through the registry (validation and admission apply).
 */
package dev.customapiserver.runtime.extension;
