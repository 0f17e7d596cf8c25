package dev.customapiserver.runtime;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.ObjIntConsumer;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;

/**
 * One protobuf message type of Kubernetes as a table of its fields: what each field number holds
 * and where it goes in a {@code T}. A codec lists the fields once ({@link KubeProtobuf#object} for a
 * kind, with its ObjectMeta), then {@link #read}s. Fields not listed are skipped; a field that comes
 * twice is read twice (the last value wins, a repeated field adds up). Malformed input is a 400, as
 * {@link KubeProtobuf#message} says it.
 *
 * <p>Each method returns a new table with one field more; a table is not changed once built.
 *
 * @param <T> what the message is read into
 */
public final class ProtoFields<T> {
  private final Supplier<T> create;
  private final Map<Integer, Field<T>> fields;

  /** How one field is read from the input into its target. */
  @FunctionalInterface
  public interface Field<T> {
    void read(CodedInputStream in, T target) throws IOException;
  }

  private ProtoFields(Supplier<T> create, Map<Integer, Field<T>> fields) {
    this.create = create;
    this.fields = fields;
  }

  /** A message without fields yet, read into what {@code create} makes. */
  public static <T> ProtoFields<T> of(Supplier<T> create) {
    return new ProtoFields<>(create, Map.of());
  }

  /** Field {@code number}, read by {@code field}. */
  public ProtoFields<T> field(int number, Field<T> field) {
    Map<Integer, Field<T>> more = new HashMap<>(fields);
    more.put(number, field);
    return new ProtoFields<>(create, Map.copyOf(more));
  }

  /** A string field. */
  public ProtoFields<T> string(int number, BiConsumer<T, String> set) {
    return field(number, (in, t) -> set.accept(t, in.readStringRequireUtf8()));
  }

  /** A string field whose empty value (Go's unset) is null. */
  public ProtoFields<T> stringOrNull(int number, BiConsumer<T, String> set) {
    return field(number, (in, t) -> set.accept(t, KubeProtobuf.emptyToNull(in.readStringRequireUtf8())));
  }

  /** An int32 field. */
  public ProtoFields<T> int32(int number, ObjIntConsumer<T> set) {
    return field(number, (in, t) -> set.accept(t, in.readInt32()));
  }

  /** An int64 field. */
  public ProtoFields<T> int64(int number, ObjLongConsumer<T> set) {
    return field(number, (in, t) -> set.accept(t, in.readInt64()));
  }

  /** A bool field. */
  public ProtoFields<T> bool(int number, BiConsumer<T, Boolean> set) {
    return field(number, (in, t) -> set.accept(t, in.readBool()));
  }

  /** A message field (or any length-delimited one), its bytes read by {@code read}, e.g. {@code SPEC::read}. */
  public <V> ProtoFields<T> message(int number, Function<ByteString, V> read, BiConsumer<T, V> set) {
    return field(number, (in, t) -> set.accept(t, read.apply(in.readBytes())));
  }

  /** A new {@code T} with the fields of {@code raw}. */
  public T read(ByteString raw) {
    T target = create.get();
    readInto(raw, target);
    return target;
  }

  /** Reads the fields of {@code raw} into an existing {@code target}. */
  public void readInto(ByteString raw, T target) {
    KubeProtobuf.message(raw, (n, in) -> {
      Field<T> field = fields.get(n);
      if (field == null) {
        return false;
      }
      field.read(in, target);
      return true;
    });
  }
}
