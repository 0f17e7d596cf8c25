package dev.customapiserver.runtime;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.meta.KubeObject;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.customapiserver.api.errors.Errors;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Decodes request bodies (JSON or YAML) the way kube-apiserver does, the one place a body becomes a
 * tree or an object and every decoding failure becomes a Status: syntax and type errors are 400
 * BadRequest in Go's words naming the field; no value is coerced to another type; content after the
 * JSON document, numbers JSON cannot hold and nesting beyond {@value #MAX_DEPTH} levels are refused;
 * YAML anchors are expanded (excessive aliasing refused). Unknown and duplicate fields are an error
 * (Strict), warnings (Warn) or ignored (Ignore).
 */
public final class BodyDecoder {
  /** How deep a body may nest. */
  public static final int MAX_DEPTH = YamlTrees.MAX_DEPTH;
  private final ObjectMapper json;
  private final ObjectMapper strict;
  private final Codecs codecs;
  /** One reader per bound type, made once: its deserializers are found once, not per request. */
  private final ConcurrentMap<Class<?>, ObjectReader> readers = new ConcurrentHashMap<>();
  /** The attribute of a binding holding the paths of the unknown fields it met. */
  private static final String UNKNOWN_FIELDS = BodyDecoder.class.getName() + ".unknown";
  /**
   * Set (to true) while a request body is bound: deserializers that check what kube checks at decoding
   * ({@link GoTypeError}) do so only then, never on objects read back from storage.
   */
  public static final String REQUEST_BODY = BodyDecoder.class.getName() + ".request";
  private static final DeserializationProblemHandler RECORD_UNKNOWN = new DeserializationProblemHandler() {
    @Override
    @SuppressWarnings("unchecked")
    public boolean handleUnknownProperty(DeserializationContext ctxt, JsonParser p, JsonDeserializer<?> deser,
        Object beanOrClass, String propertyName) throws IOException {
      ((Set<String>) ctxt.getAttribute(UNKNOWN_FIELDS)).add(fieldPath(p.getParsingContext(), true));
      p.skipChildren();
      return true;
    }
  };

  public BodyDecoder(Codecs codecs) {
    this.codecs = codecs;
    this.json = codecs.json().copy();
    json.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build());
    this.strict = StrictBinding.of(codecs.json());
  }

  /** The Kubernetes protobuf encoding of a versioned kind that is served in it ({@link Codecs#protobuf}). */
  public SchemaProtobuf protobuf(Class<? extends KubeObject> type) {
    return codecs.protobuf(type);
  }

  /** Parses a body into a JSON tree; duplicate fields are reported per {@code mode}, the last one wins. */
  public Decoded<JsonNode> parseTree(byte[] body, boolean yaml, FieldValidation mode) {
    List<String> dups = new ArrayList<>();
    JsonNode tree = yaml ? YamlTrees.read(body, dups) : parseJson(body, dups);
    requireObject(tree);
    if (dups.isEmpty()) {
      return new Decoded<>(tree, List.of());
    }
    List<String> problems = dups.stream().map(f -> "duplicate field \"" + f + "\"").toList();
    if (mode == FieldValidation.STRICT) {
      throw Errors.badRequest("strict decoding error: " + String.join(", ", problems));
    }
    return new Decoded<>(tree, mode == FieldValidation.WARN ? problems : List.of());
  }

  /**
   * Parses one JSON value (a patch, say) strictly: nothing after it, finite numbers, at most
   * {@value #MAX_DEPTH} levels; duplicate keys keep the last value.
   */
  public JsonNode parseJson(byte[] body) {
    JsonNode tree = parseJson(body, new ArrayList<>());
    if (tree.isMissingNode()) {
      throw JsonSyntax.error(new JsonEOFException(null, null, "end of input"));
    }
    return tree;
  }

  private JsonNode parseJson(byte[] body, List<String> dups) {
    String text = new String(body, StandardCharsets.UTF_8);
    try {
      return parseJson(text, true);
    } catch (StreamReadException e) {
      if (e.getOriginalMessage() == null || !e.getOriginalMessage().startsWith("Duplicate field")) {
        throw JsonSyntax.error(e);
      }
      dups.add(fieldPath(e.getProcessor() == null ? null : e.getProcessor().getParsingContext(), true));
    } catch (IOException e) {
      throw JsonSyntax.error(e);
    }
    try {
      return parseJson(text, false);
    } catch (IOException e) {
      throw JsonSyntax.error(e);
    }
  }

  private JsonNode parseJson(String text, boolean detectDuplicates) throws IOException {
    try (JsonParser p = json.createParser(text)) {
      if (detectDuplicates) {
        p.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
      }
      JsonNode tree = json.readTree(p);
      if (tree == null) {
        return MissingNode.getInstance();
      }
      int at = (int) Math.min(text.length(), Math.max(0, p.currentLocation().getCharOffset()));
      for (int i = at; i < text.length(); i++) {
        if (!Character.isWhitespace(text.charAt(i))) {
          throw JsonSyntax.trailing(text.charAt(i));
        }
      }
      Trees.requireFinite(tree);
      return tree;
    }
  }

  /**
   * Binds a tree to {@code type}; unknown fields per {@code mode}. {@code what} names the target in
   * type errors, e.g. {@code Foo in version "v2"}.
   */
  public <T> Decoded<T> bind(JsonNode tree, Class<T> type, FieldValidation mode, String what, String kind) {
    Set<String> unknown = new LinkedHashSet<>();
    ObjectReader reader = readers.computeIfAbsent(type, t -> strict.readerFor(t).withHandler(RECORD_UNKNOWN))
        .withAttribute(UNKNOWN_FIELDS, unknown).withAttribute(REQUEST_BODY, Boolean.TRUE);
    T value;
    try {
      value = reader.readValue(reader.treeAsTokens(tree));
    } catch (JsonMappingException e) {
      throw Errors.badRequest(what + " cannot be handled as a " + kind + ": " + BindErrors.message(e, type, kind));
    } catch (IOException e) {
      throw Errors.badRequest(what + " cannot be handled as a " + kind + ": json: cannot unmarshal value");
    }
    List<String> problems = unknown.stream().map(f -> "unknown field \"" + f + "\"").toList();
    if (!problems.isEmpty() && mode == FieldValidation.STRICT) {
      throw Errors.badRequest("strict decoding error: " + String.join(", ", problems));
    }
    return new Decoded<>(value, mode == FieldValidation.WARN ? problems : List.of());
  }

  private static void requireObject(JsonNode tree) {
    if (tree == null || tree.isMissingNode() || tree.isNull()) {
      throw Errors.badRequest("Object 'Kind' is missing in the request body: the body is empty");
    }
    if (!tree.isObject()) {
      throw Errors.badRequest("json: cannot unmarshal " + Trees.goKind(tree) + " into Go value of type struct "
          + "{ APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }");
    }
  }

  /** {@code spec.toppings[0].name} for the parser's position; {@code withCurrent} includes the current field. */
  static String fieldPath(JsonStreamContext ctx, boolean withCurrent) {
    List<String> parts = new ArrayList<>();
    for (JsonStreamContext c = ctx; c != null && !c.inRoot(); c = c.getParent()) {
      if (c.inArray()) {
        parts.add(0, "[" + Math.max(c.getCurrentIndex(), 0) + "]");
      } else if (c.getCurrentName() != null && (withCurrent || c != ctx)) {
        parts.add(0, "." + c.getCurrentName());
      }
    }
    String s = String.join("", parts);
    return s.startsWith(".") ? s.substring(1) : s;
  }
}
