package dev.customapiserver.runtime;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.ContextualSerializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.datatype.jsr310.ser.InstantSerializer;
import java.io.IOException;
import java.time.Instant;

/**
 * Writes the value of an {@link Instant}-typed property into a token buffer as the Instant itself
 * (an embedded object, which Jackson's Instant deserializer takes as it is) instead of its ISO-8601
 * text, for copies ({@link Codecs#copy}): printing and parsing the text was about 40% of a stored
 * object's copy. The text round trip gives back the same Instant (ISO-8601 with every fractional
 * digit), so the copy is unchanged. Anything whose text would not round-trip exactly, or whose
 * reader would not be an Instant's, keeps the text: a property with a format of its own
 * ({@code @JsonFormat}), Instants as numbers, and Instants not declared as such (in a
 * {@code List<Instant>} or under an untyped {@code Object}, where the text would come back as a
 * String). A property with its own serializer ({@code @JsonSerialize}, e.g. MicroTime's truncating
 * one) never reaches this one.
 */
final class EmbeddedInstants extends StdSerializer<Instant> implements ContextualSerializer {
  private static final long serialVersionUID = 1L;

  EmbeddedInstants() {
    super(Instant.class);
  }

  @Override
  public JsonSerializer<?> createContextual(SerializerProvider prov, BeanProperty property) throws JsonMappingException {
    if (property != null && property.getType().hasRawClass(Instant.class)
        && !prov.isEnabled(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)) {
      JsonFormat.Value format = findFormatOverrides(prov, property, Instant.class);
      if (format == null || format.equals(JsonFormat.Value.empty())) {
        return this;
      }
    }
    return InstantSerializer.INSTANCE.createContextual(prov, property);
  }

  @Override
  public void serialize(Instant value, JsonGenerator gen, SerializerProvider provider) throws IOException {
    gen.writeEmbeddedObject(value);
  }
}
