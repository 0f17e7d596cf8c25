package dev.customapiserver.runtime;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.UserInfo;

/**
 * A create-only virtual resource (kube's "review" resources: SubjectAccessReview, TokenReview, ...):
 * POST to the collection answers 201 with what this function makes of the posted object; nothing is
 * stored, and there is no get, list, watch, update or delete. See {@link ResourceType.Builder#createOnly}.
 *
 * @param <H> the hub type
 */
@FunctionalInterface
public interface CreateOnly<H extends KubeObject> {

  /**
   * The answer to {@code object} (a decoded, defaulted hub object; may be mutated and returned) posted
   * by {@code user} in {@code namespace} ({@code null} for cluster-scoped resources). Throws an
   * {@link dev.customapiserver.api.errors.ApiException} to refuse (e.g. 422 for an invalid request).
   */
  H create(H object, String namespace, UserInfo user);
}
