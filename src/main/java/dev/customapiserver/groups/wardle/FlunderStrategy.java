package dev.customapiserver.groups.wardle;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.wardle.Fischer;
import dev.customapiserver.apis.wardle.Flunder;
import dev.customapiserver.runtime.ResourceStrategy;
import java.util.ArrayList;
import java.util.List;

/**
 * The rules of Flunder, on the hub so they hold for every version: referenceType is Flunder or
 * Fischer when set; the reference its type names is required; fischerReference and
 * flunderReference are never both set (Forbidden on the second, flunderReference).
 */
public final class FlunderStrategy implements ResourceStrategy<Flunder> {
  private static final List<String> TYPES = List.of(Flunder.FLUNDER, Flunder.FISCHER);

  /** Status is written through the status subresource only: dropped on create. Mutates {@code obj}. */
  @Override
  public void prepareForCreate(Flunder obj) {
    obj.status = null;
  }

  /** Keeps the stored status. Mutates {@code newObj} only. */
  @Override
  public void prepareForUpdate(Flunder newObj, Flunder oldObj) {
    newObj.status = oldObj.status == null ? null : new Flunder.Status();
  }

  @Override
  public List<FieldError> validate(Flunder obj) {
    Flunder.Spec s = obj.spec;
    List<FieldError> errors = new ArrayList<>();
    if (set(s.referenceType) && !TYPES.contains(s.referenceType)) {
      errors.add(FieldError.notSupported("spec.referenceType", s.referenceType, TYPES));
    }
    if (Flunder.FISCHER.equals(s.referenceType) && !set(s.fischerReference)) {
      errors.add(FieldError.required("spec.fischerReference", "required when referenceType is Fischer"));
    }
    if (Flunder.FLUNDER.equals(s.referenceType) && !set(s.flunderReference)) {
      errors.add(FieldError.required("spec.flunderReference", "required when referenceType is Flunder"));
    }
    if (set(s.fischerReference) && set(s.flunderReference)) {
      errors.add(FieldError.forbidden("spec.flunderReference", "may not be set together with spec.fischerReference"));
    }
    return errors;
  }

  private static boolean set(String s) {
    return s != null && !s.isEmpty();
  }
}
