package dev.customapiserver.runtime;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ObjectMeta;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Reading Kubernetes' protobuf encoding: the {@code k8s\0} + runtime.Unknown envelope, the
 * messages every kind shares (ObjectMeta, Time) and the shapes of fields (repeated, map entries);
 * a kind's own fields are a {@link ProtoFields} table. Field numbers are those of
 * k8s.io/apimachinery's generated.proto. Malformed input is a 400.
 */
public final class KubeProtobuf {
  private static final byte[] MAGIC = {'k', '8', 's', 0};
  /** Go's zero time in Unix seconds. */
  private static final long GO_ZERO_TIME = -62135596800L;
  private static final ProtoFields<ObjectMeta> OBJECT_META = ProtoFields.of(ObjectMeta::new)
      .stringOrNull(1, (m, v) -> m.name = v)
      .stringOrNull(2, (m, v) -> m.generateName = v)
      .stringOrNull(3, (m, v) -> m.namespace = v)
      .stringOrNull(5, (m, v) -> m.uid = v)
      .stringOrNull(6, (m, v) -> m.resourceVersion = v)
      .field(11, (in, m) -> m.labels = put(m.labels, in.readBytes(), CodedInputStream::readStringRequireUtf8, ""))
      .field(12, (in, m) -> m.annotations = put(m.annotations, in.readBytes(), CodedInputStream::readStringRequireUtf8, ""))
      .field(14, (in, m) -> m.finalizers = add(m.finalizers, in.readStringRequireUtf8()));

  private KubeProtobuf() {}

  /** The envelope's type and the raw message of the object. */
  public record Envelope(String apiVersion, String kind, ByteString raw) {}

  /** A message parser step: called per field until the message ends. */
  @FunctionalInterface
  public interface FieldReader {
    /** Reads field {@code number}; returns false to have it skipped. */
    boolean read(int number, CodedInputStream in) throws IOException;
  }

  /** A value read from a field's input, e.g. {@code CodedInputStream::readStringRequireUtf8}. */
  @FunctionalInterface
  public interface ValueReader<V> {
    V read(CodedInputStream in) throws IOException;
  }

  public static Envelope unwrap(byte[] body) {
    if (body.length < MAGIC.length || body[0] != 'k' || body[1] != '8' || body[2] != 's' || body[3] != 0) {
      throw Errors.badRequest("provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]");
    }
    String[] type = {"", ""};
    ByteString[] raw = {ByteString.EMPTY};
    message(ByteString.copyFrom(body, MAGIC.length, body.length - MAGIC.length), (n, in) -> switch (n) {
      case 1 -> {
        message(in.readBytes(), (tn, tin) -> {
          if (tn == 1 || tn == 2) {
            type[tn - 1] = tin.readStringRequireUtf8();
            return true;
          }
          return false;
        });
        yield true;
      }
      case 2 -> {
        raw[0] = in.readBytes();
        yield true;
      }
      default -> false;
    });
    return new Envelope(type[0], type[1], raw[0]);
  }

  /** ObjectMeta (fields: name 1, generateName 2, namespace 3, uid 5, resourceVersion 6, labels 11, annotations 12, finalizers 14). */
  public static ObjectMeta objectMeta(ByteString bytes) {
    return OBJECT_META.read(bytes);
  }

  /** A kind's message: its ObjectMeta at 1 (its TypeMeta is the envelope's), then the fields the caller adds. */
  public static <T extends KubeObject> ProtoFields<T> object(Supplier<T> create) {
    return ProtoFields.of(create).message(1, KubeProtobuf::objectMeta, (o, m) -> o.metadata = m);
  }

  /** Reads a message field by field; unknown fields are skipped. */
  public static void message(ByteString bytes, FieldReader reader) {
    try {
      CodedInputStream in = bytes.newCodedInput();
      for (int tag; (tag = in.readTag()) != 0; ) {
        if (!reader.read(tag >>> 3, in)) {
          in.skipField(tag);
        }
      }
    } catch (IOException | IllegalArgumentException e) {
      throw Errors.badRequest(goMessage(e));
    }
  }

  /** A wire-format error in the words of Go's protobuf runtime, as kube-apiserver answers it; never the Java library's. */
  private static String goMessage(Exception e) {
    String m = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
    if (m.contains("negative size")) {
      return "proto: negative length found during unmarshaling";
    }
    if (m.contains("ended unexpectedly") || m.contains("truncated")) {
      return "unexpected EOF";
    }
    if (m.contains("malformed varint")) {
      return "proto: integer overflow";
    }
    if (m.contains("invalid tag")) {
      return "proto: illegal tag 0 (wire type 0)";
    }
    if (m.contains("wire type")) {
      return "proto: illegal wireType";
    }
    if (m.contains("nesting") || m.contains("recursion")) {
      return "proto: exceeded max depth";
    }
    if (m.contains("utf-8")) {
      return "proto: invalid UTF-8";
    }
    return "proto: cannot parse invalid wire-format data";
  }

  /** Appends to a repeated field's list, creating it. */
  public static <V> List<V> add(List<V> list, V value) {
    List<V> l = list == null ? new ArrayList<>() : list;
    l.add(value);
    return l;
  }

  /** Puts into a map field's map, creating it. */
  public static <V> Map<String, V> put(Map<String, V> map, String key, V value) {
    Map<String, V> m = map == null ? new LinkedHashMap<>() : map;
    m.put(key, value);
    return m;
  }

  /**
   * Puts one entry message of a map field {key 1, value 2} into its map, creating it; the value is
   * read by {@code value}, {@code absent} when the entry has none (as the key is then {@code ""}).
   */
  public static <V> Map<String, V> put(Map<String, V> map, ByteString entry, ValueReader<V> value, V absent) {
    String[] key = {""};
    AtomicReference<V> read = new AtomicReference<>(absent);
    message(entry, (n, in) -> {
      if (n == 1) {
        key[0] = in.readStringRequireUtf8();
        return true;
      }
      if (n == 2) {
        read.set(value.read(in));
        return true;
      }
      return false;
    });
    return put(map, key[0], read.get());
  }

  /**
   * Time and MicroTime {seconds 1, nanos 2}: null at or before Go's zero time, how an unset time goes
   * over protobuf.
   */
  public static Instant time(ByteString raw) {
    long[] secondsNanos = secondsNanos(raw);
    return secondsNanos[0] <= GO_ZERO_TIME ? null : Instant.ofEpochSecond(secondsNanos[0], secondsNanos[1]);
  }

  /** Time and MicroTime {seconds 1, nanos 2}, Go's zero time read as the instant it is (0001-01-01T00:00:00Z). */
  public static Instant instant(ByteString raw) {
    long[] secondsNanos = secondsNanos(raw);
    return Instant.ofEpochSecond(secondsNanos[0], secondsNanos[1]);
  }

  private static long[] secondsNanos(ByteString raw) {
    long[] secondsNanos = {0, 0};
    message(raw, (n, in) -> {
      if (n == 1) {
        secondsNanos[0] = in.readInt64();
        return true;
      }
      if (n == 2) {
        secondsNanos[1] = in.readInt32();
        return true;
      }
      return false;
    });
    return secondsNanos;
  }

  static String emptyToNull(String s) {
    return s.isEmpty() ? null : s;
  }
}
