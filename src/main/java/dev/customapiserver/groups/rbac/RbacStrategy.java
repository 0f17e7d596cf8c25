package dev.customapiserver.groups.rbac;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.apis.rbac.Binding;
import dev.customapiserver.runtime.ResourceStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The strategy of the four RBAC kinds: names are path segments; {@code validate} as kube's; a
 * binding's roleRef cannot change.
 */
public final class RbacStrategy<H extends KubeObject> implements ResourceStrategy<H> {
  private final Function<H, List<FieldError>> validation;

  RbacStrategy(Function<H, List<FieldError>> validation) {
    this.validation = validation;
  }

  @Override
  public List<String> nameProblems(String name) {
    return RbacValidation.nameProblems(name);
  }

  @Override
  public List<FieldError> validate(H obj) {
    return validation.apply(obj);
  }

  @Override
  public List<FieldError> validateUpdate(H newObj, H oldObj) {
    List<FieldError> errs = new ArrayList<>(validate(newObj));
    if (newObj instanceof Binding n && oldObj instanceof Binding o && !n.roleRef().equals(o.roleRef())) {
      errs.add(FieldError.invalid("roleRef", new FieldError.Raw(n.roleRef().toString()), "cannot change roleRef"));
    }
    return errs;
  }
}
