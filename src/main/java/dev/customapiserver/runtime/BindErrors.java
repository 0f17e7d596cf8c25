package dev.customapiserver.runtime;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.customapiserver.schema.GoNames;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * A value of the wrong type in words of Go's encoding/json, as kube-apiserver answers it:
 * {@code json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string}.
 * The struct is the class holding the field, the field is the path of JSON names from the root
 * (list indices and map keys left out, as Go does), the type is the Go spelling of the field's type.
 */
final class BindErrors {
  private BindErrors() {}

  static String message(JsonMappingException e) {
    return message(e, null, null);
  }

  /**
   * As Go words it when decoding {@code root} (may be null), the struct of kind {@code kind}: the
   * root's fields are named after the kind ({@code Secret.data}), nested structs after their Go
   * types, never after the Java classes ({@code SecretV1}, {@code Spec}).
   */
  static String message(JsonMappingException e, Class<?> root, String kind) {
    if (e instanceof GoTypeError g) {
      return g.getOriginalMessage();
    }
    JsonToken token = e.getProcessor() instanceof JsonParser p ? p.currentToken() : null;
    String text = "";
    try {
      text = e.getProcessor() instanceof JsonParser p && token != null && token.isScalarValue() ? p.getText() : "";
    } catch (IOException ignored) {
      // the value is only decoration
    }
    Class<?> target = e instanceof MismatchedInputException m ? m.getTargetType() : null;
    if (target == byte[].class && token == JsonToken.VALUE_STRING) {
      String corrupt = GoBase64.error(text);
      if (corrupt != null) {
        return corrupt; // Go's encoding/json hands base64's own error back for a []byte
      }
    }
    if (target == Instant.class && token == JsonToken.VALUE_STRING) {
      return "parsing time \"" + text + "\" as \"2006-01-02T15:04:05Z07:00\": cannot parse \"" + text + "\" as \"2006\"";
    }
    StringBuilder field = new StringBuilder();
    Object holder = null;
    String last = null;
    boolean lastIsField = false;
    for (JsonMappingException.Reference r : e.getPath()) {
      Object from = r.getFrom();
      boolean isBean = from != null && !(from instanceof Map) && !(from instanceof Collection) && !(from instanceof Class<?> c
          && (Map.class.isAssignableFrom(c) || Collection.class.isAssignableFrom(c))) && r.getFieldName() != null;
      lastIsField = isBean;
      if (isBean) {
        field.append(field.length() == 0 ? "" : ".").append(r.getFieldName());
        holder = from;
        last = r.getFieldName();
      }
    }
    String value = value(token, text, target);
    String type = lastIsField && holder != null ? fieldType(holder, last, target) : goType(target);
    if (holder == null) {
      return "json: cannot unmarshal " + value + " into Go value of type " + type;
    }
    Class<?> hc = holder instanceof Class<?> c ? c : holder.getClass();
    return "json: cannot unmarshal " + value + " into Go struct field " + goName(hc, root, kind) + "." + field + " of type "
        + type;
  }

  static String goName(Class<?> c, Class<?> root, String kind) {
    return GoNames.of(c, root, kind);
  }

  private static String value(JsonToken t, String text, Class<?> target) {
    if (t == null) {
      return "value";
    }
    return switch (t) {
      case VALUE_STRING -> "string";
      case VALUE_TRUE, VALUE_FALSE -> "bool";
      case START_OBJECT, FIELD_NAME, END_OBJECT -> "object";
      case START_ARRAY, END_ARRAY -> "array";
      case VALUE_NUMBER_FLOAT, VALUE_NUMBER_INT -> isInteger(target) ? "number " + text : "number";
      default -> "value";
    };
  }

  private static boolean isInteger(Class<?> t) {
    return t == Integer.class || t == int.class || t == Long.class || t == long.class || t == Short.class || t == short.class;
  }

  private static String fieldType(Object holder, String name, Class<?> fallback) {
    Class<?> c = holder instanceof Class<?> k ? k : holder.getClass();
    for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
      try {
        Field f = k.getDeclaredField(name);
        return goType(f.getGenericType());
      } catch (NoSuchFieldException ignored) {
        // a superclass may declare it
      }
    }
    return goType(fallback);
  }

  static String goType(Type t) {
    if (t instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
      Type[] args = p.getActualTypeArguments();
      if (Map.class.isAssignableFrom(raw) && args.length == 2) {
        return "map[string]" + goType(args[1]);
      }
      if (Collection.class.isAssignableFrom(raw) && args.length == 1) {
        return "[]" + goType(args[0]);
      }
      return goType(raw);
    }
    if (!(t instanceof Class<?> c)) {
      return "interface {}";
    }
    if (c == String.class) {
      return "string";
    }
    if (c == Integer.class || c == int.class) {
      return "int32";
    }
    if (c == Long.class || c == long.class) {
      return "int64";
    }
    if (c == Short.class || c == short.class) {
      return "int16";
    }
    if (c == Double.class || c == double.class || c == Float.class || c == float.class || c == BigDecimal.class) {
      return "float64";
    }
    if (c == Boolean.class || c == boolean.class) {
      return "bool";
    }
    if (c == Instant.class) {
      return "v1.Time";
    }
    if (c == Object.class) {
      return "interface {}";
    }
    if (Map.class.isAssignableFrom(c)) {
      return "map[string]interface {}";
    }
    if (c == byte[].class) {
      return "[]uint8";
    }
    if (c.isArray()) {
      return "[]" + goType(c.getComponentType());
    }
    if (List.class.isAssignableFrom(c) || Collection.class.isAssignableFrom(c)) {
      return "[]interface {}";
    }
    return GoNames.qualified(c);
  }
}
