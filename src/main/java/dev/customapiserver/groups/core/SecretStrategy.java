package dev.customapiserver.groups.core;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.core.Secret;
import dev.customapiserver.runtime.ResourceStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * kube's Secret rules: valid keys, at most 1 MiB of data, the typed secrets' required keys
 * ({@link SecretTypes}); on update the type may not change and, once {@code immutable} is true,
 * neither may {@code immutable} nor {@code data}.
 */
public final class SecretStrategy implements ResourceStrategy<Secret> {

  @Override
  public List<FieldError> validate(Secret obj) {
    List<FieldError> errors = new ArrayList<>();
    ConfigKeys.check("data", obj.data, errors);
    if (ConfigKeys.bytesSize(obj.data) > ConfigKeys.MAX_SIZE) {
      errors.add(FieldError.tooLong("data", ConfigKeys.MAX_SIZE));
    }
    SecretTypes.check(obj, errors);
    return errors;
  }

  @Override
  public List<FieldError> validateUpdate(Secret newObj, Secret oldObj) {
    List<FieldError> errors = new ArrayList<>();
    if (!Objects.equals(newObj.type, oldObj.type)) {
      errors.add(FieldError.invalid("type", newObj.type, "field is immutable"));
    }
    if (Boolean.TRUE.equals(oldObj.immutable)) {
      if (!Objects.equals(newObj.immutable, oldObj.immutable)) {
        errors.add(FieldError.forbidden("immutable", ConfigMapStrategy.IMMUTABLE));
      }
      if (!ConfigKeys.sameBytes(newObj.data, oldObj.data)) {
        errors.add(FieldError.forbidden("data", ConfigMapStrategy.IMMUTABLE));
      }
    }
    errors.addAll(validate(newObj));
    return errors;
  }
}
