package dev.customapiserver.admission;

import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.Widgets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/** The Widgets group, whose widgets named "sticky" cannot be deleted while {@code stuck}: they hold a namespace in Terminating. */
final class StickyModule implements ApiGroupModule {
  private final AtomicBoolean stuck;

  StickyModule(AtomicBoolean stuck) {
    this.stuck = stuck;
  }

  @Override
  public ApiGroup apiGroup() {
    return Widgets.group();
  }

  @Override
  public List<AdmissionPlugin> admissionPlugins(Listers listers) {
    return List.of(new ValidatingPlugin() {
      @Override
      public String name() {
        return "Sticky";
      }

      @Override
      public Set<Operation> operations() {
        return Set.of(Operation.DELETE);
      }

      @Override
      public void validate(Attributes a) {
        if (stuck.get() && a.resource().resource().equals("widgets") && "sticky".equals(a.name())) {
          throw a.forbidden("sticky");
        }
      }
    });
  }
}
