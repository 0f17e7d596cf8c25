package dev.customapiserver.schema;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The closed set of values a string field of an API type takes (kube's {@code +enum}); OpenAPI carries
 * them as the property's {@code enum} (on the items of a list field) and {@code kubectl explain} prints
 * them. Documentation only: the kind's validation still decides what is accepted, and should accept
 * exactly these values. Java enum types need no annotation, they are enums already.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Enum {
  /** The values, in the order to document them. */
  String[] value();
}
