package dev.customapiserver.api.meta;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Strategic-merge-patch metadata of a field (Kubernetes' {@code patchStrategy}/{@code patchMergeKey}
 * struct tags; OpenAPI {@code x-kubernetes-patch-strategy}/{@code x-kubernetes-patch-merge-key}).
 * Without it a list is replaced whole by a strategic merge patch.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface PatchStrategy {

  /** {@code merge}, {@code retainKeys} or {@code merge,retainKeys}. */
  String value();

  /** For lists of objects: the field identifying an element (e.g. {@code name}); empty for lists of scalars. */
  String mergeKey() default "";
}
