package dev.customapiserver.groups.core;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.core.ConfigMap;
import dev.customapiserver.runtime.ResourceStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * kube's ConfigMap rules: valid keys in {@code data} and {@code binaryData}, no key in both, at most
 * 1 MiB of values in all; once {@code immutable} is true, {@code immutable}, {@code data} and
 * {@code binaryData} may not change (metadata may).
 */
public final class ConfigMapStrategy implements ResourceStrategy<ConfigMap> {
  static final String IMMUTABLE = "field is immutable when `immutable` is set";

  @Override
  public List<FieldError> validate(ConfigMap obj) {
    List<FieldError> errors = new ArrayList<>();
    ConfigKeys.check("data", obj.data, errors);
    if (obj.data != null && obj.binaryData != null) {
      obj.data.keySet().stream().filter(obj.binaryData::containsKey)
          .forEach(k -> errors.add(FieldError.invalid("data[" + k + "]", k, "duplicate of key present in binaryData")));
    }
    ConfigKeys.check("binaryData", obj.binaryData, errors);
    if (ConfigKeys.stringSize(obj.data) + ConfigKeys.bytesSize(obj.binaryData) > ConfigKeys.MAX_SIZE) {
      errors.add(FieldError.tooLong("", ConfigKeys.MAX_SIZE));
    }
    return errors;
  }

  @Override
  public List<FieldError> validateUpdate(ConfigMap newObj, ConfigMap oldObj) {
    List<FieldError> errors = new ArrayList<>();
    if (Boolean.TRUE.equals(oldObj.immutable)) {
      if (!Objects.equals(newObj.immutable, oldObj.immutable)) {
        errors.add(FieldError.forbidden("immutable", IMMUTABLE));
      }
      if (!Objects.equals(empty(newObj.data), empty(oldObj.data))) {
        errors.add(FieldError.forbidden("data", IMMUTABLE));
      }
      if (!ConfigKeys.sameBytes(newObj.binaryData, oldObj.binaryData)) {
        errors.add(FieldError.forbidden("binaryData", IMMUTABLE));
      }
    }
    errors.addAll(validate(newObj));
    return errors;
  }

  private static Object empty(Map<String, String> m) {
    return m == null || m.isEmpty() ? Map.of() : m;
  }
}
