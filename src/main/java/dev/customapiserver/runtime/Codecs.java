package dev.customapiserver.runtime;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.JavaSchemas;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The JSON and YAML object mappers (and the Kubernetes protobuf encodings of the kinds, {@link #protobuf}), configured once for Kubernetes wire conventions: nulls omitted,
 * timestamps as RFC 3339 strings, unknown fields tolerated by the mapper (the {@link BodyDecoder}
 * reports them according to the field validation mode). Thread-safe; one instance per server.
 */
public final class Codecs {
  private final ObjectMapper json;
  private final ObjectMapper yaml;
  /** {@link #json} leaving out a top-level object's apiVersion, kind, metadata and status. */
  private final ObjectMapper spec;
  /** {@link #json} with Instant-typed properties kept as objects in token buffers ({@link #copy}). */
  private final ObjectMapper copies;
  /** {@link #copies}' readers and writers per class, their (de)serializers found once. */
  private final ConcurrentMap<Class<?>, ObjectReader> copyReaders =
      new ConcurrentHashMap<>();
  private final ConcurrentMap<Class<?>, ObjectWriter> copyWriters =
      new ConcurrentHashMap<>();
  /** The schemas of the Java wire types, and the protobuf encodings derived from them, per class. */
  private final JavaSchemas schemas = new JavaSchemas();
  private final ConcurrentMap<Class<?>, SchemaProtobuf> protobufs = new ConcurrentHashMap<>();

  public Codecs() {
    this.json = configure(JsonMapper.builder().enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION).build());
    this.yaml = configure(YAMLMapper.builder(YAMLFactory.builder()
        .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
        .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
        .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
        .build()).build());
    this.spec = json.copy().addMixIn(KubeObject.class, SpecOnly.class);
    this.copies = json.copy().registerModule(
        new SimpleModule("embedded-instants").addSerializer(Instant.class, new EmbeddedInstants()));
  }

  /** What {@link #specTree} leaves out of every API object (a mix-in: the types stay as they are). */
  @JsonIgnoreProperties({"apiVersion", "kind", "metadata", "status"})
  private abstract static class SpecOnly {}

  private static ObjectMapper configure(ObjectMapper m) {
    m.registerModule(new JavaTimeModule());
    m.disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    m.disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    m.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    m.disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE);
    m.setDefaultPropertyInclusion(JsonInclude.Include.NON_NULL);
    return m;
  }

  public ObjectMapper json() {
    return json;
  }

  public ObjectMapper yaml() {
    return yaml;
  }

  /** The Kubernetes protobuf encoding of a versioned kind, derived from its schema (once per class). */
  public SchemaProtobuf protobuf(Class<? extends KubeObject> type) {
    return protobufs.computeIfAbsent(type, t -> new SchemaProtobuf(type, schemas.of(type), json));
  }

  /** Serializes to compact JSON bytes. */
  public byte[] toJson(Object o) {
    try {
      return json.writeValueAsBytes(o);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * {@code value} bound to {@code type} as a JSON round trip would bind it (the same numbers' types
   * included), through a token buffer rather than text: no printing, no parsing.
   */
  public <T> T rebind(Object value, Class<T> type) {
    try (NumberNormalizingBuffer buf = new NumberNormalizingBuffer(json)) {
      json.writeValue(buf, value);
      try (JsonParser p = buf.asParserOnFirstToken()) {
        return json.readValue(p, type);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A deep copy of {@code value} bound to its own class {@code type}, equal to what a JSON round trip
   * gives ({@link #rebind}: the same numbers' types), without printing and parsing text, and without
   * formatting and parsing its Instants ({@link EmbeddedInstants}): for the hub and storage classes
   * of API objects.
   */
  public <T> T copy(T value, Class<T> type) {
    try (NumberNormalizingBuffer buf = new NumberNormalizingBuffer(copies)) {
      copyWriters.computeIfAbsent(value.getClass(), copies::writerFor).writeValue(buf, value);
      try (JsonParser p = buf.asParserOnFirstToken()) {
        return type.cast(copyReaders.computeIfAbsent(type, copies::readerFor).readValue(p));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The JSON tree of {@code o} without its apiVersion, kind, metadata and status: what decides
   * whether a write changed the spec (the generation). Equal to {@code json().valueToTree(o)} with
   * those four fields removed, without building the metadata's tree (managedFields included) first.
   */
  public ObjectNode specTree(KubeObject o) {
    ObjectNode tree = spec.valueToTree(o);
    tree.remove(SPEC_EXCLUDED); // a status among an object's any-getter fields (an Unstructured's) too
    return tree;
  }

  private static final List<String> SPEC_EXCLUDED = List.of("apiVersion", "kind", "metadata", "status");

  /** A deep copy through the JSON tree model. */
  public <T> T deepCopy(T o, Class<T> type) {
    return json.convertValue(json.valueToTree(o), type);
  }
}
