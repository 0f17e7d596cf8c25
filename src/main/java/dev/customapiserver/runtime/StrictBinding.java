package dev.customapiserver.runtime;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;

/**
 * A mapper that binds values only to fields of their own JSON type, as Go's encoding/json does: no
 * number for a string, no string for a number or a boolean, no {@code 2.5} (or {@code 2.0}) for an
 * integer, no single value for a list.
 */
final class StrictBinding {
  private StrictBinding() {}

  @SuppressWarnings("deprecation")
  static ObjectMapper of(ObjectMapper base) {
    ObjectMapper m = base.copy();
    m.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
    m.disable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY);
    m.disable(MapperFeature.ALLOW_COERCION_OF_SCALARS);
    m.coercionConfigFor(LogicalType.Textual)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    for (LogicalType t : new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean}) {
      m.coercionConfigFor(t)
          .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
          .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
    }
    m.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
    m.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
    return m;
  }
}
