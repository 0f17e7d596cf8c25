package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Negative;
import jakarta.validation.constraints.NegativeOrZero;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.lang.annotation.Annotation;
import java.math.BigDecimal;
import java.util.Collection;

/** Bean Validation constraints as OpenAPI schema limits, as far as a schema can say them. */
final class Constraints {
  private Constraints() {}

  /** Whether the annotations make the property required in its parent object. */
  static boolean required(Collection<Annotation> annotations) {
    for (Annotation a : annotations) {
      if (a instanceof NotNull || a instanceof NotBlank || a instanceof NotEmpty
          || (a instanceof JsonProperty p && p.required())) {
        return true;
      }
    }
    return false;
  }

  /** Writes the limits the annotations express onto the property schema {@code s}. */
  static void apply(ObjectNode s, Collection<Annotation> annotations) {
    String type = s.path("type").asText("");
    for (Annotation a : annotations) {
      if (a instanceof Size size) {
        limit(s, type, size.min() > 0 ? size.min() : null, size.max() < Integer.MAX_VALUE ? size.max() : null);
      } else if (a instanceof NotBlank || a instanceof NotEmpty) {
        limit(s, type, 1, null);
      } else if (a instanceof Min m) {
        s.put("minimum", m.value());
      } else if (a instanceof Max m) {
        s.put("maximum", m.value());
      } else if (a instanceof DecimalMin m) {
        s.put("minimum", new BigDecimal(m.value()));
        exclusive(s, "exclusiveMinimum", !m.inclusive());
      } else if (a instanceof DecimalMax m) {
        s.put("maximum", new BigDecimal(m.value()));
        exclusive(s, "exclusiveMaximum", !m.inclusive());
      } else if (a instanceof Positive) {
        s.put("minimum", 0);
        s.put("exclusiveMinimum", true);
      } else if (a instanceof PositiveOrZero) {
        s.put("minimum", 0);
      } else if (a instanceof Negative) {
        s.put("maximum", 0);
        s.put("exclusiveMaximum", true);
      } else if (a instanceof NegativeOrZero) {
        s.put("maximum", 0);
      } else if (a instanceof Pattern p) {
        s.put("pattern", p.regexp());
      } else if (a instanceof Email) {
        s.put("format", "email");
      }
    }
  }

  private static void limit(ObjectNode s, String type, Integer min, Integer max) {
    String suffix = switch (type) {
      case "string" -> "Length";
      case "array" -> "Items";
      case "object" -> "Properties";
      default -> null;
    };
    if (suffix == null) {
      return;
    }
    if (min != null && s.path("min" + suffix).asInt(0) < min) {
      s.put("min" + suffix, min);
    }
    if (max != null) {
      s.put("max" + suffix, max);
    }
  }

  private static void exclusive(ObjectNode s, String keyword, boolean exclusive) {
    if (exclusive) {
      s.put(keyword, true);
    }
  }
}
