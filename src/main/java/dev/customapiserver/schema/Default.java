package dev.customapiserver.schema;

import dev.customapiserver.schema.DocumentedDefaults;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The value a field of an API type gets when a request leaves it out (kube's {@code +default}); OpenAPI
 * carries it as the property's {@code default}. Documentation only: the version's defaulter applies it,
 * so declare only unconditional defaults, the ones the defaulter sets whatever else the object says.
 *
 * <p>The value is typed by the field: for a {@code String} field it is the text itself
 * ({@code @Default("nginx:latest")}), for any other field a JSON literal ({@code @Default("1")},
 * {@code @Default("[\"kubernetes\"]")}). {@link DocumentedDefaults#of} reads it as JSON.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Default {
  /** The default: the text for a string field, otherwise JSON. */
  String value();
}
