package dev.customapiserver.runtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeList;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.StructuralSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Kubernetes protobuf encoding of one versioned kind, derived from its schema (the model OpenAPI
 * and validation read) as go-to-protobuf derives a {@code generated.proto} from the Go types: the
 * fields of a message are numbered from 1 in declaration order, a kind's TypeMeta left out (so
 * {@code metadata} is 1, then {@code spec}, {@code status}, ...). Strings, integers (varint), numbers
 * (double, Go's float64), booleans, date-times (metav1.Time), nested messages, repeated fields (one
 * field per element) and maps (entries {key 1, value 2}, sorted by key); int-or-string as
 * intstr.IntOrString, anything untyped as runtime.RawExtension. ObjectMeta and ListMeta are
 * {@link MetaProtobuf}'s. A field without a value is left out (a Go reader sees its zero value, as
 * when Go's own code writes the zero value); read, a field's empty string or zero number (what Go
 * writes for a field it has no value for) is unset, as in the JSON such a client would send. List
 * elements and map values keep theirs.
 *
 * <p>Thread-safe once built.
 */
public final class SchemaProtobuf {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final String METADATA = "metadata";
  private static final ObjectMapper RAW_JSON = new ObjectMapper();

  private final Class<? extends KubeObject> type;
  private final StructuralSchema schema;
  private final ObjectMapper json;

  public SchemaProtobuf(Class<? extends KubeObject> type, StructuralSchema schema, ObjectMapper json) {
    this.type = type;
    this.schema = schema;
    this.json = json;
  }

  /** The message of {@code o} (without envelope). */
  public ByteString encode(KubeObject o) {
    JsonNode tree = json.valueToTree(o);
    ProtoMessage out = new ProtoMessage();
    int number = 0;
    for (Map.Entry<String, StructuralSchema> p : kindFields()) {
      number++;
      if (p.getKey().equals(METADATA)) {
        out.bytes(number, MetaProtobuf.objectMeta(o.metadata));
      } else {
        field(out, number, p.getValue(), tree.get(p.getKey()));
      }
    }
    return out.toByteString();
  }

  /** A whole response body: {@code o} in the envelope with its apiVersion and kind. */
  public byte[] envelope(KubeObject o) {
    return MetaProtobuf.envelope(o.apiVersion, o.kind, encode(o));
  }

  /** A list of this kind in its envelope: ListMeta 1, items 2. */
  public byte[] envelope(KubeList<? extends KubeObject> list) {
    ProtoMessage out = new ProtoMessage().bytes(1, MetaProtobuf.listMeta(list.metadata));
    for (KubeObject item : list.items) {
      out.bytes(2, encode(item));
    }
    return MetaProtobuf.envelope(list.apiVersion, list.kind, out.toByteString());
  }

  /** An object of this kind read from its message (the envelope's raw); malformed input is a 400. */
  public KubeObject decode(ByteString raw) {
    ObjectNode tree = NODES.objectNode();
    List<Map.Entry<String, StructuralSchema>> fields = kindFields();
    KubeProtobuf.message(raw, (number, wireType, in) -> {
      if (number < 1 || number > fields.size()) {
        return false;
      }
      Map.Entry<String, StructuralSchema> f = fields.get(number - 1);
      if (f.getKey().equals(METADATA)) {
        expect(wireType, WireFormat.WIRETYPE_LENGTH_DELIMITED, METADATA);
        tree.set(METADATA, json.valueToTree(KubeProtobuf.objectMeta(in.readBytes())));
      } else {
        read(tree, f.getKey(), f.getValue(), wireType, in);
      }
      return true;
    });
    try {
      return json.treeToValue(tree, type);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw Errors.badRequest("proto: cannot parse invalid wire-format data");
    }
  }

  /** The kind's fields in number order: its properties without apiVersion and kind (Go's TypeMeta). */
  private List<Map.Entry<String, StructuralSchema>> kindFields() {
    List<Map.Entry<String, StructuralSchema>> out = new ArrayList<>();
    for (Map.Entry<String, StructuralSchema> p : schema.properties().entrySet()) {
      if (!p.getKey().equals("apiVersion") && !p.getKey().equals("kind")) {
        out.add(p);
      }
    }
    return out;
  }

  // ---- writing ----

  private static void field(ProtoMessage out, int number, StructuralSchema s, JsonNode value) {
    if (value == null || value.isNull() || value.isMissingNode()) {
      return;
    }
    if (s.type().equals("array") && s.items() != null && value.isArray()) {
      for (JsonNode element : value) {
        single(out, number, s.items(), element);
      }
      return;
    }
    single(out, number, s, value);
  }

  private static void single(ProtoMessage out, int number, StructuralSchema s, JsonNode value) {
    if (value == null || value.isNull()) {
      return;
    }
    if (s.intOrString()) {
      out.message(number, value.isIntegralNumber()
          ? new ProtoMessage().varint(1, 0).varint(2, value.asInt()).string(3, "")
          : new ProtoMessage().varint(1, 1).varint(2, 0).string(3, value.asText()));
      return;
    }
    switch (s.type()) {
      case "string" -> {
        if (s.format().equals("date-time")) {
          out.message(number, MetaProtobuf.time(instant(value.asText())));
        } else {
          out.string(number, value.asText());
        }
      }
      case "integer" -> out.varint(number, value.asLong());
      case "number" -> out.dbl(number, value.asDouble());
      case "boolean" -> out.bool(number, value.asBoolean());
      case "object" -> {
        if (isMap(s)) {
          TreeMap<String, JsonNode> sorted = new TreeMap<>();
          value.fields().forEachRemaining(e -> sorted.put(e.getKey(), e.getValue()));
          sorted.forEach((k, v) -> {
            ProtoMessage entry = new ProtoMessage().string(1, k);
            single(entry, 2, s.additionalProperties(), v);
            out.message(number, entry);
          });
        } else {
          out.message(number, struct(s, value));
        }
      }
      default -> out.message(number, new ProtoMessage()
          .bytes(1, ByteString.copyFrom(value.toString(), StandardCharsets.UTF_8)));
    }
  }

  private static ProtoMessage struct(StructuralSchema s, JsonNode value) {
    ProtoMessage out = new ProtoMessage();
    int number = 0;
    for (Map.Entry<String, StructuralSchema> p : s.properties().entrySet()) {
      number++;
      field(out, number, p.getValue(), value.get(p.getKey()));
    }
    return out;
  }

  private static boolean isMap(StructuralSchema s) {
    return s.properties().isEmpty() && s.additionalProperties() != null;
  }

  private static Instant instant(String text) {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  // ---- reading ----

  /** Reads one occurrence of field {@code name} into {@code target}: a repeated field adds to its array. */
  private static void read(ObjectNode target, String name, StructuralSchema s, int wireType, CodedInputStream in)
      throws IOException {
    if (s.type().equals("array") && s.items() != null) {
      ArrayNode array = target.get(name) instanceof ArrayNode a ? a : target.putArray(name);
      StructuralSchema items = s.items();
      if (wireType == WireFormat.WIRETYPE_LENGTH_DELIMITED && packable(items)) {
        CodedInputStream packed = in.readBytes().newCodedInput();
        while (!packed.isAtEnd()) {
          array.add(scalar(items, items.type().equals("number") ? WireFormat.WIRETYPE_FIXED64 : WireFormat.WIRETYPE_VARINT,
              packed, name));
        }
        return;
      }
      array.add(value(items, wireType, in, name));
      return;
    }
    if (s.type().equals("object") && isMap(s) && !s.intOrString()) {
      expect(wireType, WireFormat.WIRETYPE_LENGTH_DELIMITED, name);
      ObjectNode map = target.get(name) instanceof ObjectNode o ? o : target.putObject(name);
      String[] key = {""};
      JsonNode[] v = {null};
      KubeProtobuf.message(in.readBytes(), (n, wt, entry) -> {
        if (n == 1) {
          expect(wt, WireFormat.WIRETYPE_LENGTH_DELIMITED, name);
          key[0] = entry.readStringRequireUtf8();
          return true;
        }
        if (n == 2) {
          v[0] = value(s.additionalProperties(), wt, entry, name);
          return true;
        }
        return false;
      });
      map.set(key[0], v[0] == null ? zero(s.additionalProperties()) : v[0]);
      return;
    }
    JsonNode v = value(s, wireType, in, name);
    if (goUnset(v)) {
      target.remove(name); // Go's zero value of a non-pointer field: unset, as its JSON (omitempty) leaves it out
    } else {
      target.set(name, v);
    }
  }

  /** An empty string or a zero number: what Go's generated code writes for a field it has no value for. */
  private static boolean goUnset(JsonNode v) {
    return v.isNull() || (v.isTextual() && v.asText().isEmpty()) || (v.isNumber() && v.asDouble() == 0);
  }

  private static boolean packable(StructuralSchema s) {
    return !s.intOrString() && (s.type().equals("integer") || s.type().equals("number") || s.type().equals("boolean"));
  }

  private static JsonNode value(StructuralSchema s, int wireType, CodedInputStream in, String name) throws IOException {
    if (s.intOrString()) {
      expect(wireType, WireFormat.WIRETYPE_LENGTH_DELIMITED, name);
      long[] kind = {0};
      long[] intVal = {0};
      String[] strVal = {""};
      KubeProtobuf.message(in.readBytes(), (n, wt, m) -> switch (n) {
        case 1 -> {
          kind[0] = m.readInt64();
          yield true;
        }
        case 2 -> {
          intVal[0] = m.readInt32();
          yield true;
        }
        case 3 -> {
          strVal[0] = m.readStringRequireUtf8();
          yield true;
        }
        default -> false;
      });
      return kind[0] == 1 ? NODES.textNode(strVal[0]) : NODES.numberNode(intVal[0]);
    }
    if (s.type().equals("object")) {
      expect(wireType, WireFormat.WIRETYPE_LENGTH_DELIMITED, name);
      ByteString bytes = in.readBytes();
      if (isMap(s)) { // a map as a list element: no go-to-protobuf shape, nothing to read
        return NODES.objectNode();
      }
      ObjectNode struct = NODES.objectNode();
      List<Map.Entry<String, StructuralSchema>> fields = new ArrayList<>(s.properties().entrySet());
      KubeProtobuf.message(bytes, (n, wt, m) -> {
        if (n < 1 || n > fields.size()) {
          return false;
        }
        read(struct, fields.get(n - 1).getKey(), fields.get(n - 1).getValue(), wt, m);
        return true;
      });
      return struct;
    }
    if (s.type().isEmpty() || s.type().equals("array")) {
      expect(wireType, WireFormat.WIRETYPE_LENGTH_DELIMITED, name);
      ByteString[] raw = {ByteString.EMPTY};
      KubeProtobuf.message(in.readBytes(), (n, wt, m) -> {
        if (n == 1) {
          raw[0] = m.readBytes();
          return true;
        }
        return false;
      });
      try {
        return raw[0].isEmpty() ? NODES.nullNode() : RAW_JSON.readTree(raw[0].toByteArray());
      } catch (IOException e) {
        throw Errors.badRequest("proto: invalid RawExtension in field " + name);
      }
    }
    return scalar(s, wireType, in, name);
  }

  private static JsonNode scalar(StructuralSchema s, int wireType, CodedInputStream in, String name) throws IOException {
    switch (s.type()) {
      case "string" -> {
        expect(wireType, WireFormat.WIRETYPE_LENGTH_DELIMITED, name);
        if (s.format().equals("date-time")) {
          Instant t = KubeProtobuf.time(in.readBytes());
          return t == null ? NODES.nullNode() : NODES.textNode(t.toString());
        }
        return NODES.textNode(in.readStringRequireUtf8());
      }
      case "integer" -> {
        expect(wireType, WireFormat.WIRETYPE_VARINT, name);
        long v = in.readInt64();
        return s.format().equals("int64") ? NODES.numberNode(v) : NODES.numberNode((int) v);
      }
      case "number" -> {
        expect(wireType, WireFormat.WIRETYPE_FIXED64, name);
        return NODES.numberNode(in.readDouble());
      }
      case "boolean" -> {
        expect(wireType, WireFormat.WIRETYPE_VARINT, name);
        return NODES.booleanNode(in.readBool());
      }
      default -> throw Errors.badRequest("proto: cannot parse invalid wire-format data");
    }
  }

  private static JsonNode zero(StructuralSchema s) {
    return switch (s.type()) {
      case "string" -> NODES.textNode("");
      case "integer" -> NODES.numberNode(0);
      case "number" -> NODES.numberNode(0.0);
      case "boolean" -> NODES.booleanNode(false);
      default -> NODES.nullNode();
    };
  }

  /** Go's generated code refuses a field that comes with another wire type than its own. */
  private static void expect(int wireType, int expected, String name) {
    if (wireType != expected) {
      throw Errors.badRequest("proto: wrong wireType = " + wireType + " for field " + name);
    }
  }

  /** For tests and diagnostics: the field numbers of this kind's top-level message, by name. */
  public Map<String, Integer> fieldNumbers() {
    Map<String, Integer> out = new java.util.LinkedHashMap<>();
    Iterator<Map.Entry<String, StructuralSchema>> it = kindFields().iterator();
    for (int n = 1; it.hasNext(); n++) {
      out.put(it.next().getKey(), n);
    }
    return out;
  }
}
