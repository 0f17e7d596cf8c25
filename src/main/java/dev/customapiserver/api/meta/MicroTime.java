package dev.customapiserver.api.meta;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/**
 * Kubernetes' {@code metav1.MicroTime}: an instant written with exactly six fractional digits
 * ({@code 2006-01-02T15:04:05.000000Z}), as Go clients parse it. Put
 * {@code @JsonSerialize(using = MicroTime.Serializer.class)} on an {@link Instant} field; reading
 * accepts any RFC 3339 time. {@link #truncate} drops what a MicroTime cannot hold.
 */
public final class MicroTime {
  private static final DateTimeFormatter FORMAT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSX").withZone(ZoneOffset.UTC);

  private MicroTime() {}

  /** {@code t} to microseconds; null stays null. */
  public static Instant truncate(Instant t) {
    return t == null ? null : t.truncatedTo(ChronoUnit.MICROS);
  }

  /** {@code t} as a MicroTime string. */
  public static String format(Instant t) {
    return FORMAT.format(t);
  }

  /** Writes an Instant as a MicroTime. */
  public static final class Serializer extends StdSerializer<Instant> {
    private static final long serialVersionUID = 1L;

    public Serializer() {
      super(Instant.class);
    }

    @Override
    public void serialize(Instant value, JsonGenerator gen, SerializerProvider provider) throws IOException {
      gen.writeString(format(value));
    }
  }
}
