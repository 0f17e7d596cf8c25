package dev.customapiserver.controllers.crd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.InvalidPathException;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.Option;
import com.jayway.jsonpath.spi.json.JacksonJsonNodeJsonProvider;
import com.jayway.jsonpath.spi.mapper.JacksonMappingProvider;
import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.PrinterColumn;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;

/**
 * A version's {@code additionalPrinterColumns} as kube's table convertor serves them: after Name, the
 * columns in the order given (type, format, priority and description as defined, the description
 * defaulting to {@code Custom resource definition column (in JSONPath format): <path>}); without any,
 * kube's single {@code Age} column. Cells are found with kubectl's JSONPath (filters such as
 * {@code .status.conditions[?(@.type=="Ready")].status} included), the first match, and typed by the
 * column: {@code integer}, {@code number} and {@code boolean} only from such values (else empty),
 * {@code string} printed as kubectl's JSONPath prints values, {@code date} sent as an age ({@code 5m}),
 * {@code <invalid>} when not an RFC 3339 time. A path that does not parse ends the columns there, as
 * kube falls back.
 */
final class CustomResourceColumns {
  private static final Logger LOG = Logger.getLogger(CustomResourceColumns.class.getName());
  static final String CREATION_TIMESTAMP = "CreationTimestamp is a timestamp representing the server time when this "
      + "object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients "
      + "may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. "
      + "Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";
  private final ObjectMapper json = new Codecs().json();
  private final Configuration conf = Configuration.builder()
      .jsonProvider(new JacksonJsonNodeJsonProvider(json))
      .mappingProvider(new JacksonMappingProvider(json))
      .options(Option.ALWAYS_RETURN_LIST, Option.SUPPRESS_EXCEPTIONS)
      .build();

  /** The columns of {@code v}. */
  @SuppressWarnings("unchecked")
  PrinterColumn<Unstructured>[] of(CustomResourceDefinition.Version v) {
    List<PrinterColumn<Unstructured>> cols = new ArrayList<>();
    if (v.additionalPrinterColumns == null || v.additionalPrinterColumns.isEmpty()) {
      cols.add(new PrinterColumn<>("Age", "date", "", CREATION_TIMESTAMP, 0,
          obj -> obj.metadata().creationTimestamp == null ? "<unknown>" : obj.metadata().creationTimestamp));
      return cols.toArray(PrinterColumn[]::new);
    }
    for (JsonNode c : v.additionalPrinterColumns) {
      String path = c.path("jsonPath").asText("");
      JsonPath compiled;
      try {
        compiled = JsonPath.compile("$" + path);
      } catch (InvalidPathException | IllegalArgumentException e) {
        LOG.fine(() -> "unrecognized column definition \"" + path + "\": falling back to the columns before it");
        break;
      }
      String type = c.path("type").asText("");
      String description = c.path("description").asText("");
      cols.add(new PrinterColumn<>(c.path("name").asText(""), type, c.path("format").asText(""),
          description.isEmpty() ? "Custom resource definition column (in JSONPath format): " + path : description,
          c.path("priority").asInt(0), obj -> cell(type, find(compiled, obj))));
    }
    return cols.toArray(PrinterColumn[]::new);
  }

  private JsonNode find(JsonPath path, Unstructured obj) {
    ObjectNode tree = json.valueToTree(obj);
    Object found = path.read(tree, conf);
    if (found instanceof JsonNode list && list.isArray()) {
      return list.isEmpty() ? null : list.get(0);
    }
    return found instanceof JsonNode n ? n : null;
  }

  /** kube's cellForJSONValue (and the JSONPath printing of string columns). */
  static Object cell(String type, JsonNode v) {
    if (v == null || v.isNull() || v.isMissingNode()) {
      return null;
    }
    return switch (type) {
      case "integer" -> v.isNumber() ? (Object) v.longValue() : null;
      case "number" -> !v.isNumber() ? null : v.isIntegralNumber() || v.doubleValue() == Math.rint(v.doubleValue())
          && Math.abs(v.doubleValue()) < 1e15 ? (Object) v.longValue() : (Object) v.doubleValue();
      case "boolean" -> v.isBoolean() ? v.booleanValue() : null;
      case "date" -> v.isTextual() ? date(v.asText()) : null;
      case "string" -> v.isTextual() ? v.asText() : v.isContainerNode() ? v.toString() : NestedFields.goValue(v);
      default -> null;
    };
  }

  private static Object date(String text) {
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException e) {
      return "<invalid>";
    }
  }
}
