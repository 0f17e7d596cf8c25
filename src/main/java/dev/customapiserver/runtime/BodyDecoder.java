package dev.customapiserver.runtime;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.customapiserver.api.errors.Errors;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Decodes request bodies (JSON or YAML) the way kube-apiserver does: syntax and type errors are
 * 400 BadRequest naming the field; unknown and duplicate fields are an error (Strict), warnings
 * (Warn) or ignored (Ignore).
 */
public final class BodyDecoder {
  private final Codecs codecs;

  public BodyDecoder(Codecs codecs) {
    this.codecs = codecs;
  }

  /** Parses a body into a JSON tree; duplicate fields are reported per {@code mode}, the last one wins. */
  public Decoded<JsonNode> parseTree(byte[] body, boolean yaml, FieldValidation mode) {
    ObjectMapper m = yaml ? codecs.yaml() : codecs.json();
    try {
      JsonNode tree = m.reader().with(StreamReadFeature.STRICT_DUPLICATE_DETECTION).readTree(body);
      return new Decoded<>(requireObject(tree), List.of());
    } catch (StreamReadException e) {
      if (!isDuplicate(e)) {
        throw syntaxError(e, yaml);
      }
      String field = fieldPath(e.getProcessor() == null ? null : e.getProcessor().getParsingContext(), true);
      String problem = "duplicate field \"" + field + "\"";
      if (mode == FieldValidation.STRICT) {
        throw Errors.badRequest("strict decoding error: " + problem);
      }
      try {
        JsonNode tree = requireObject(m.readTree(body));
        return new Decoded<>(tree, mode == FieldValidation.WARN ? List.of(problem) : List.of());
      } catch (IOException again) {
        throw syntaxError(again, yaml);
      }
    } catch (IOException e) {
      throw syntaxError(e, yaml);
    }
  }

  /**
   * Binds a tree to {@code type}; unknown fields per {@code mode}. {@code what} names the target in
   * type errors, e.g. {@code Foo in version "v2"}.
   */
  public <T> Decoded<T> bind(JsonNode tree, Class<T> type, FieldValidation mode, String what, String kind) {
    Set<String> unknown = new LinkedHashSet<>();
    ObjectReader reader = codecs.json().readerFor(type).withHandler(new DeserializationProblemHandler() {
      @Override
      public boolean handleUnknownProperty(DeserializationContext ctxt, JsonParser p, JsonDeserializer<?> deser,
          Object beanOrClass, String propertyName) throws IOException {
        unknown.add(fieldPath(p.getParsingContext(), true));
        p.skipChildren();
        return true;
      }
    });
    T value;
    try {
      value = reader.readValue(reader.treeAsTokens(tree));
    } catch (MismatchedInputException e) {
      throw Errors.badRequest(what + " cannot be handled as a " + kind + ": " + typeProblem(e));
    } catch (JsonProcessingException e) {
      throw Errors.badRequest(what + " cannot be handled as a " + kind + ": " + firstLine(e.getOriginalMessage()));
    } catch (IOException e) {
      throw Errors.badRequest(what + " cannot be handled as a " + kind + ": " + firstLine(e.getMessage()));
    }
    List<String> problems = unknown.stream().map(f -> "unknown field \"" + f + "\"").toList();
    if (!problems.isEmpty() && mode == FieldValidation.STRICT) {
      throw Errors.badRequest("strict decoding error: " + String.join(", ", problems));
    }
    return new Decoded<>(value, mode == FieldValidation.WARN ? problems : List.of());
  }

  private static JsonNode requireObject(JsonNode tree) {
    if (tree == null || tree.isMissingNode() || tree.isNull()) {
      throw Errors.badRequest("the request body is empty: expected an object");
    }
    if (!tree.isObject()) {
      throw Errors.badRequest("the request body must be an object, not " + tree.getNodeType().toString().toLowerCase());
    }
    return tree;
  }

  private static boolean isDuplicate(StreamReadException e) {
    return e.getOriginalMessage() != null && e.getOriginalMessage().startsWith("Duplicate field");
  }

  private static RuntimeException syntaxError(IOException e, boolean yaml) {
    String msg = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
    String where = "";
    if (e instanceof JsonProcessingException j && j.getLocation() != null) {
      where = " (line " + j.getLocation().getLineNr() + ", column " + j.getLocation().getColumnNr() + ")";
    }
    String fmt = yaml ? "YAML" : "JSON";
    return Errors.badRequest("the body of the request could not be parsed as " + fmt + ": " + firstLine(msg) + where);
  }

  private static String typeProblem(MismatchedInputException e) {
    String path = e.getPath().stream().map(r -> r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]")
        .collect(Collectors.joining());
    if (path.startsWith(".")) {
      path = path.substring(1);
    }
    String expected = e.getTargetType() == null ? "another type" : describe(e.getTargetType());
    return (path.isEmpty() ? "" : path + ": ") + "expected " + expected;
  }

  private static String describe(Class<?> t) {
    if (t == String.class) {
      return "a string";
    }
    if (t == Integer.class || t == int.class || t == Long.class || t == long.class) {
      return "an integer";
    }
    if (Number.class.isAssignableFrom(t) || t == double.class) {
      return "a number";
    }
    if (t == Boolean.class || t == boolean.class) {
      return "a boolean";
    }
    if (java.util.Collection.class.isAssignableFrom(t)) {
      return "a list";
    }
    if (java.util.Map.class.isAssignableFrom(t)) {
      return "an object";
    }
    if (t == java.time.Instant.class) {
      return "an RFC 3339 date-time string";
    }
    return "an object";
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "malformed input";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
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
