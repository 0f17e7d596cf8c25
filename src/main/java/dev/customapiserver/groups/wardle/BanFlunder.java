package dev.customapiserver.groups.wardle;

import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.Operation;
import dev.customapiserver.admission.ValidatingPlugin;
import dev.customapiserver.apis.wardle.Fischer;
import dev.customapiserver.apis.wardle.Flunder;
import dev.customapiserver.runtime.GroupResource;
import java.util.List;
import java.util.Set;

/**
 * sample-apiserver's BanFlunder: a Flunder may not be created under a name that any Fischer lists in
 * {@code disallowedFlunders}, nor under one its admission configuration lists (403 Forbidden, in
 * sample-apiserver's words).
 */
public final class BanFlunder implements ValidatingPlugin {
  static final GroupResource FLUNDERS = new GroupResource(WardleModule.GROUP, "flunders");
  static final GroupResource FISCHERS = new GroupResource(WardleModule.GROUP, "fischers");

  static final String NAME = "BanFlunder";

  private final Lister<Fischer> fischers;
  private final List<String> banned;

  /** Its part of the admission configuration: {@code disallowedFlunders}, names banned in any case. */
  record Configuration(List<String> disallowedFlunders) {
    List<String> names() {
      return disallowedFlunders == null ? List.of() : List.copyOf(disallowedFlunders);
    }
  }

  BanFlunder(Lister<Fischer> fischers) {
    this(fischers, List.of());
  }

  BanFlunder(Lister<Fischer> fischers, List<String> banned) {
    this.fischers = fischers;
    this.banned = List.copyOf(banned);
  }

  @Override
  public String name() {
    return NAME;
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
    boolean refused = banned.contains(name) || fischers.list(null).stream()
        .anyMatch(f -> f.disallowedFlunders != null && f.disallowedFlunders.contains(name));
    if (refused) {
      throw a.forbidden("this name may not be used, please change the resource name");
    }
  }
}
