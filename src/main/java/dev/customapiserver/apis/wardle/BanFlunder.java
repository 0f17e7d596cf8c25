package dev.customapiserver.apis.wardle;

import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.Operation;
import dev.customapiserver.admission.ValidatingPlugin;
import dev.customapiserver.runtime.GroupResource;
import java.util.Set;

/**
 * sample-apiserver's BanFlunder: a Flunder may not be created under a name that any Fischer lists in
 * {@code disallowedFlunders} (403 Forbidden, in sample-apiserver's words).
 */
final class BanFlunder implements ValidatingPlugin {
  static final GroupResource FLUNDERS = new GroupResource(WardleModule.GROUP, "flunders");
  static final GroupResource FISCHERS = new GroupResource(WardleModule.GROUP, "fischers");

  private final Lister<Fischer> fischers;

  BanFlunder(Lister<Fischer> fischers) {
    this.fischers = fischers;
  }

  @Override
  public String name() {
    return "BanFlunder";
  }

  @Override
  public Set<Operation> operations() {
    return Set.of(Operation.CREATE);
  }

  @Override
  public boolean handles(Attributes a) {
    return a.operation() == Operation.CREATE && a.resource().equals(FLUNDERS) && a.subresource().isEmpty();
  }

  @Override
  public void validate(Attributes a) {
    String name = a.object().metadata().name;
    boolean banned = fischers.list(null).stream()
        .anyMatch(f -> f.disallowedFlunders != null && f.disallowedFlunders.contains(name));
    if (banned) {
      throw a.forbidden("this name may not be used, please change the resource name");
    }
  }
}
