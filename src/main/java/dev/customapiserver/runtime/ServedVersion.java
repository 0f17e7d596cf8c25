package dev.customapiserver.runtime;

import dev.customapiserver.api.meta.KubeObject;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import com.google.protobuf.ByteString;

/**
 * One version a kind is served in: its Java type, conversion to and from the hub, defaulting
 * (applied to decoded request bodies of this version, may mutate) and printer columns.
 *
 * @param <H> the hub type
 * @param <V> the versioned type
 */
public record ServedVersion<H extends KubeObject, V extends KubeObject>(
    String version, Class<V> type, KindConverter<H, V> converter, Consumer<V> defaulter,
    List<PrinterColumn<V>> columns, Function<ByteString, V> protobuf, boolean ageColumn, String deprecationWarning,
    boolean schemaProtobuf) {

  public ServedVersion(String version, Class<V> type, KindConverter<H, V> converter, Consumer<V> defaulter,
      List<PrinterColumn<V>> columns, Function<ByteString, V> protobuf, boolean ageColumn, String deprecationWarning) {
    this(version, type, converter, defaulter, columns, protobuf, ageColumn, deprecationWarning, false);
  }

  public ServedVersion(String version, Class<V> type, KindConverter<H, V> converter, Consumer<V> defaulter,
      List<PrinterColumn<V>> columns, Function<ByteString, V> protobuf) {
    this(version, type, converter, defaulter, columns, protobuf, true, null, false);
  }

  public static <H extends KubeObject, V extends KubeObject> ServedVersion<H, V> of(
      String version, Class<V> type, KindConverter<H, V> converter) {
    return new ServedVersion<>(version, type, converter, v -> {}, List.of(), null);
  }

  public ServedVersion<H, V> withDefaulter(Consumer<V> d) {
    return new ServedVersion<>(version, type, converter, d, columns, protobuf, ageColumn, deprecationWarning, schemaProtobuf);
  }

  /**
   * Marks the version deprecated: every request to it gets {@code warning} as a {@code Warning: 299}
   * header (kube's deprecated CRD versions and built-in APIs).
   */
  public ServedVersion<H, V> withDeprecationWarning(String warning) {
    return new ServedVersion<>(version, type, converter, defaulter, columns, protobuf, ageColumn, warning, schemaProtobuf);
  }

  /** The warning of a deprecated version, if it is one. */
  public Optional<String> deprecation() {
    return Optional.ofNullable(deprecationWarning);
  }

  /**
   * The table's columns after NAME are exactly {@code cols}: no AGE is added (a CustomResourceDefinition's
   * additionalPrinterColumns replace kube's default Age column).
   */
  @SafeVarargs
  @SuppressWarnings("varargs")
  public final ServedVersion<H, V> withColumnsOnly(PrinterColumn<V>... cols) {
    return new ServedVersion<>(version, type, converter, defaulter, List.copyOf(Arrays.asList(cols)), protobuf,
        false, deprecationWarning, schemaProtobuf);
  }

  /**
   * Accepts request bodies of this version as Kubernetes protobuf ({@code application/vnd.kubernetes.protobuf}),
   * decoding the envelope's raw message with {@code decoder} (see {@link KubeProtobuf}). Only kinds
   * kubectl knows as built-in types need this: its typed clients send protobuf for them.
   */
  public ServedVersion<H, V> withProtobuf(Function<ByteString, V> decoder) {
    return new ServedVersion<>(version, type, converter, defaulter, columns, decoder, ageColumn, deprecationWarning, schemaProtobuf);
  }

  /**
   * Serves this version in Kubernetes protobuf both ways, the encoding derived from the version's schema
   * as go-to-protobuf derives it from Go types ({@link SchemaProtobuf}): responses (objects, lists,
   * watch events) when the client asks for {@code application/vnd.kubernetes.protobuf}, and request
   * bodies of that type. For a kind whose Java fields are declared in the order of its Go struct.
   */
  public ServedVersion<H, V> withSchemaProtobuf() {
    return new ServedVersion<>(version, type, converter, defaulter, columns, protobuf, ageColumn, deprecationWarning, true);
  }

  /** Whether bodies may come as Kubernetes protobuf. */
  public boolean acceptsProtobuf() {
    return protobuf != null || schemaProtobuf;
  }

  /** Whether responses may go out as Kubernetes protobuf ({@link #withSchemaProtobuf}). */
  public boolean servesProtobuf() {
    return schemaProtobuf;
  }

  @SafeVarargs
  @SuppressWarnings("varargs") // the array is only copied into an immutable list
  public final ServedVersion<H, V> withColumns(PrinterColumn<V>... cols) {
    return new ServedVersion<>(version, type, converter, defaulter, List.copyOf(Arrays.asList(cols)), protobuf,
        ageColumn, deprecationWarning, schemaProtobuf);
  }

  /** Applies the defaulter to an object known to be of this version's type. */
  public void applyDefaults(KubeObject obj) {
    defaulter.accept(type.cast(obj));
  }

  /** Converts an object of this version's type to the hub. */
  public H toHub(KubeObject obj) {
    return converter.toHub(type.cast(obj));
  }

  /** Converts a hub object to this version, setting apiVersion and kind for {@code gv}/{@code kind}. */
  public V fromHub(H hub, GroupVersion gv, String kind) {
    V v = converter.fromHub(hub);
    v.apiVersion = gv.apiVersion();
    v.kind = kind;
    return v;
  }

  /** Converts hub objects (a list's items) to this version in one go, setting apiVersion and kind. */
  public List<V> fromHubs(List<H> hubs, GroupVersion gv, String kind) {
    List<V> out = converter.fromHubs(hubs);
    for (V v : out) {
      v.apiVersion = gv.apiVersion();
      v.kind = kind;
    }
    return out;
  }

  /** The cells of this version's own columns for a versioned object. */
  public List<Object> cells(KubeObject obj) {
    V v = type.cast(obj);
    return columns.stream().map(c -> c.value().apply(v)).toList();
  }
}
