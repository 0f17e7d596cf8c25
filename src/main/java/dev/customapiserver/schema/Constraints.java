package dev.customapiserver.schema;

import com.fasterxml.jackson.annotation.JsonProperty;
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

/** Bean Validation constraints as schema limits, as far as a schema can say them. */
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

  /**
   * Sets the limits the annotations express on {@code s}; sizes apply as lengths, items or properties by
   * {@code type} (empty for a class: no size limit then).
   */
  static void apply(StructuralSchema s, String type, Collection<Annotation> annotations) {
    for (Annotation a : annotations) {
      if (a instanceof Size size) {
        limit(s, type, size.min() > 0 ? (long) size.min() : null, size.max() < Integer.MAX_VALUE ? (long) size.max() : null);
      } else if (a instanceof NotBlank || a instanceof NotEmpty) {
        limit(s, type, 1L, null);
      } else if (a instanceof Min m) {
        s.minimum = BigDecimal.valueOf(m.value());
      } else if (a instanceof Max m) {
        s.maximum = BigDecimal.valueOf(m.value());
      } else if (a instanceof DecimalMin m) {
        s.minimum = new BigDecimal(m.value());
        s.exclusiveMinimum |= !m.inclusive();
      } else if (a instanceof DecimalMax m) {
        s.maximum = new BigDecimal(m.value());
        s.exclusiveMaximum |= !m.inclusive();
      } else if (a instanceof Positive) {
        s.minimum = BigDecimal.ZERO;
        s.exclusiveMinimum = true;
      } else if (a instanceof PositiveOrZero) {
        s.minimum = BigDecimal.ZERO;
      } else if (a instanceof Negative) {
        s.maximum = BigDecimal.ZERO;
        s.exclusiveMaximum = true;
      } else if (a instanceof NegativeOrZero) {
        s.maximum = BigDecimal.ZERO;
      } else if (a instanceof Pattern p) {
        s.pattern = p.regexp();
      } else if (a instanceof Email) {
        s.format = "email";
      }
    }
  }

  private static void limit(StructuralSchema s, String type, Long min, Long max) {
    switch (type) {
      case "string" -> {
        s.minLength = raise(s.minLength, min);
        s.maxLength = max != null ? max : s.maxLength;
      }
      case "array" -> {
        s.minItems = raise(s.minItems, min);
        s.maxItems = max != null ? max : s.maxItems;
      }
      case "object" -> {
        s.minProperties = raise(s.minProperties, min);
        s.maxProperties = max != null ? max : s.maxProperties;
      }
      default -> { }
    }
  }

  private static Long raise(Long current, Long min) {
    if (min == null) {
      return current;
    }
    return current == null || current < min ? min : current;
  }
}
