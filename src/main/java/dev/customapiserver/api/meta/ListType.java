package dev.customapiserver.api.meta;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Server-side-apply list semantics of a field (Kubernetes' {@code +listType}/{@code +listMapKey}
 * markers; OpenAPI {@code x-kubernetes-list-type}/{@code x-kubernetes-list-map-keys}). Lists without
 * it are {@code atomic}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface ListType {

  /** {@code atomic}, {@code set} or {@code map}. */
  String value();

  /** For {@code map}: the fields that together identify an element. */
  String[] mapKeys() default {};
}
