package dev.customapiserver.runtime;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.validation.NameRules;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * The per-kind rules the generic store applies, on the hub type. Bean Validation constraints on the
 * hub type are checked by the store as well; these methods add what annotations cannot say.
 * Each method states whether it may mutate its arguments.
 *
 * @param <H> the hub type
 */
public interface ResourceStrategy<H extends KubeObject> {

  /**
   * What is wrong with an object name, worded as the detail of an Invalid error; empty when valid.
   * Defaults to Kubernetes' rule for most kinds, a DNS-1123 subdomain. Must not mutate.
   */
  default List<String> nameProblems(String name) {
    return NameRules.dns1123Subdomain(name);
  }

  /** Before a create is validated. May mutate {@code obj} (e.g. clear or initialise status). */
  default void prepareForCreate(H obj) {}

  /** Before an update is validated. May mutate {@code newObj} (e.g. keep the old status); must not mutate {@code oldObj}. */
  default void prepareForUpdate(H newObj, H oldObj) {}

  /** Field errors of a new object. Must not mutate. Paths are JSON paths such as {@code spec.config.msg}. */
  default List<FieldError> validate(H obj) {
    return List.of();
  }

  /** Field errors of an update. Must not mutate. Defaults to {@link #validate}. */
  default List<FieldError> validateUpdate(H newObj, H oldObj) {
    return validate(newObj);
  }

  /**
   * As {@link #validateUpdate(KubeObject, KubeObject)}, with the request's warnings ({@code Warning}
   * headers, as kube's validation adds with {@code warning.AddWarning}), e.g. for errors an update is
   * let through with. Must not mutate. Defaults to {@link #validateUpdate(KubeObject, KubeObject)}.
   */
  default List<FieldError> validateUpdate(H newObj, H oldObj, Consumer<String> warnings) {
    return validateUpdate(newObj, oldObj);
  }

  /**
   * Before a write through the {@code status} subresource is validated. The server has already made
   * {@code newObj} a copy of {@code oldObj} with only {@code status} (and managedFields) taken from
   * the request, as kube-apiserver's status strategies do; here a kind may e.g. recompute a derived
   * status field. May mutate {@code newObj}; must not mutate {@code oldObj}.
   */
  default void prepareForStatusUpdate(H newObj, H oldObj) {}

  /** Field errors of a write through the {@code status} subresource. Must not mutate. Defaults to none. */
  default List<FieldError> validateStatusUpdate(H newObj, H oldObj) {
    return List.of();
  }

  /** As {@link #validateStatusUpdate(KubeObject, KubeObject)}, with the request's warnings (see {@link #validateUpdate(KubeObject, KubeObject, Consumer)}). */
  default List<FieldError> validateStatusUpdate(H newObj, H oldObj, Consumer<String> warnings) {
    return validateStatusUpdate(newObj, oldObj);
  }

  /** After validation, before storage: normalise the representation. May mutate {@code obj}. */
  default void canonicalize(H obj) {}

  /**
   * Asked on DELETE, after admission, before the object goes: whether this kind deletes in stages.
   * Return {@code true} after changing {@code obj} (a private copy of the stored object) to store it
   * instead of deleting it now; the DELETE then answers 200 with it (a Namespace becomes Terminating
   * while the server empties it, and goes once its finalizers are gone). {@code false}, the default,
   * deletes now. May throw an ApiException (e.g. 409 while a staged deletion is in progress).
   */
  default boolean deleteInStages(H obj, Instant now) {
    return false;
  }

  /**
   * Whether a DELETE that removes the object at once answers with the object's last state, as the
   * built-in kinds served here do. {@code false} answers with a {@code Status} of {@code Success}
   * whose details name the object (kube-apiserver's generic store without {@code
   * ReturnDeletedObject}, e.g. for custom resources). An object kept by its finalizers is returned
   * either way.
   */
  default boolean returnsDeletedObject() {
    return true;
  }
}
