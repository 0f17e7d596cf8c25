package dev.customapiserver.api.meta;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import java.io.IOException;

/**
 * What Go's encoding/json writes for an unset field that has no {@code omitempty} (or is a struct,
 * which omitempty never omits): kube's objects carry such fields always, and clients generated from
 * kube's OpenAPI (the official Java client) require some of them. Used as {@code
 * @JsonSerialize(nullsUsing = ...)} with {@code @JsonInclude(ALWAYS)}; a null time is written as
 * {@code null}, as Go writes a zero {@code metav1.Time}, without any of these.
 */
public final class GoZero {
  private GoZero() {}

  /** A zero struct: {@code {}}. */
  public static final class EmptyObject extends JsonSerializer<Object> {
    @Override
    public void serialize(Object value, JsonGenerator gen, SerializerProvider provider) throws IOException {
      gen.writeStartObject();
      gen.writeEndObject();
    }
  }

  /** A zero string: {@code ""}. */
  public static final class EmptyString extends JsonSerializer<Object> {
    @Override
    public void serialize(Object value, JsonGenerator gen, SerializerProvider provider) throws IOException {
      gen.writeString("");
    }
  }
}
