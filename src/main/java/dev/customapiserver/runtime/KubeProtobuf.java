package dev.customapiserver.runtime;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ManagedFieldsEntry;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.api.meta.OwnerReference;
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
      .int64(7, (m, v) -> m.generation = v == 0 ? null : v)
      .message(8, KubeProtobuf::time, (m, v) -> m.creationTimestamp = v)
      .message(9, KubeProtobuf::time, (m, v) -> m.deletionTimestamp = v)
      .int64(10, (m, v) -> m.deletionGracePeriodSeconds = v)
      .field(11, (in, m) -> m.labels = put(m.labels, in.readBytes(), CodedInputStream::readStringRequireUtf8, ""))
      .field(12, (in, m) -> m.annotations = put(m.annotations, in.readBytes(), CodedInputStream::readStringRequireUtf8, ""))
      .field(14, (in, m) -> m.finalizers = add(m.finalizers, in.readStringRequireUtf8()))
      .message(13, KubeProtobuf::ownerReference, (m, v) -> m.ownerReferences = add(m.ownerReferences, v))
      .message(17, KubeProtobuf::managedFieldsEntry, (m, v) -> m.managedFields = add(m.managedFields, v));
  private static final ProtoFields<OwnerReference> OWNER_REFERENCE = ProtoFields.of(OwnerReference::new)
      .stringOrNull(1, (r, v) -> r.kind = v)
      .stringOrNull(3, (r, v) -> r.name = v)
      .stringOrNull(4, (r, v) -> r.uid = v)
      .stringOrNull(5, (r, v) -> r.apiVersion = v)
      .bool(6, (r, v) -> r.controller = v)
      .bool(7, (r, v) -> r.blockOwnerDeletion = v);
  private static final ProtoFields<ManagedFieldsEntry> MANAGED_FIELDS = ProtoFields.of(ManagedFieldsEntry::new)
      .stringOrNull(1, (e, v) -> e.manager = v)
      .stringOrNull(2, (e, v) -> e.operation = v)
      .stringOrNull(3, (e, v) -> e.apiVersion = v)
      .message(4, KubeProtobuf::time, (e, v) -> e.time = v)
      .stringOrNull(6, (e, v) -> e.fieldsType = v)
      .message(7, KubeProtobuf::fieldsV1, (e, v) -> e.fieldsV1 = v)
      .stringOrNull(8, (e, v) -> e.subresource = v);
  private static final ObjectMapper FIELDS_JSON = new ObjectMapper();

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

  /**
   * ObjectMeta (fields: name 1, generateName 2, namespace 3, uid 5, resourceVersion 6, generation 7,
   * creationTimestamp 8, deletionTimestamp 9, deletionGracePeriodSeconds 10, labels 11, annotations 12,
   * ownerReferences 13, finalizers 14, managedFields 17); a generation of 0 is Go's unset.
   */
  public static ObjectMeta objectMeta(ByteString bytes) {
    return OBJECT_META.read(bytes);
  }

  private static OwnerReference ownerReference(ByteString bytes) {
    return OWNER_REFERENCE.read(bytes);
  }

  private static ManagedFieldsEntry managedFieldsEntry(ByteString bytes) {
    return MANAGED_FIELDS.read(bytes);
  }

  /** FieldsV1 {raw 1}: the JSON of the managed fields. */
  private static JsonNode fieldsV1(ByteString bytes) {
    ByteString[] raw = {ByteString.EMPTY};
    message(bytes, (n, in) -> {
      if (n == 1) {
        raw[0] = in.readBytes();
        return true;
      }
      return false;
    });
    try {
      return FIELDS_JSON.readTree(raw[0].toByteArray());
    } catch (IOException e) {
      throw Errors.badRequest("proto: invalid managedFields fieldsV1");
    }
  }

  /** A kind's message: its ObjectMeta at 1 (its TypeMeta is the envelope's), then the fields the caller adds. */
  public static <T extends KubeObject> ProtoFields<T> object(Supplier<T> create) {
    return ProtoFields.of(create).message(1, KubeProtobuf::objectMeta, (o, m) -> o.metadata = m);
  }

  /** Reads a message field by field; unknown fields are skipped. */
  public static void message(ByteString bytes, FieldReader reader) {
    message(bytes, (number, wireType, in) -> reader.read(number, in));
  }

  /** A message parser step that also sees each field's wire type. */
  @FunctionalInterface
  public interface TagReader {
    /** Reads field {@code number} of wire type {@code wireType}; returns false to have it skipped. */
    boolean read(int number, int wireType, CodedInputStream in) throws IOException;
  }

  /** Reads a message field by field, with the wire types; unknown fields are skipped. */
  public static void message(ByteString bytes, TagReader reader) {
    try {
      CodedInputStream in = bytes.newCodedInput();
      for (int tag; (tag = in.readTag()) != 0; ) {
        if (!reader.read(tag >>> 3, tag & 7, in)) {
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
    if (raw.isEmpty()) {
      return null;
    }
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
