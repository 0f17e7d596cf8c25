package dev.customapiserver.admission;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.GroupVersionKind;
import java.util.function.Consumer;

/**
 * What an admission plugin sees of one request. Objects are hub objects (the server's internal
 * form); {@code object} is the one being written (mutating plugins may change it; {@code null} on
 * DELETE and CONNECT), {@code oldObject} the stored one on UPDATE and DELETE ({@code null}
 * otherwise).
 *
 * @param operation CREATE, UPDATE, DELETE or CONNECT
 * @param kind the group, version (the version of the request) and kind
 * @param resource the group and resource (plural)
 * @param subresource e.g. {@code status}, {@code scale}; empty for the main resource
 * @param namespace the namespace, or {@code null} for cluster-scoped resources
 * @param name the object's name (may be empty on CREATE with generateName)
 * @param user who is asking
 * @param dryRun whether nothing will be stored ({@code dryRun=All})
 * @param warnings where plugins add warnings for the client ({@code Warning: 299} headers)
 */
public record Attributes(Operation operation, GroupVersionKind kind, GroupResource resource, String subresource,
    String namespace, String name, KubeObject object, KubeObject oldObject, UserInfo user, boolean dryRun,
    Consumer<String> warnings) {

  public Attributes {
    subresource = subresource == null ? "" : subresource;
    warnings = warnings == null ? w -> {} : warnings;
  }

  /**
   * The 403 a plugin throws to deny: {@code pizzas.restaurant.wukong.com "x" is forbidden: why},
   * as kube-apiserver words admission denials.
   */
  public ApiException forbidden(String why) {
    return Errors.forbidden(resource.qualified(), name, why);
  }
}
