package dev.customapiserver.admission;

import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.Widgets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A user's module: the Widgets fixture group and plugins that record when they run and what they
 * see. Its list puts the webhook-named plugins first, to show that the chain runs them last.
 */
final class RecordingModule implements ApiGroupModule {
  final List<String> calls = new CopyOnWriteArrayList<>();
  final List<Attributes> seen = new CopyOnWriteArrayList<>();

  @Override
  public ApiGroup apiGroup() {
    return Widgets.group();
  }

  @Override
  public List<AdmissionPlugin> admissionPlugins(Listers listers) {
    return List.of(new Validating("ValidatingAdmissionWebhook"), new Mutating("MutatingAdmissionWebhook"),
        new Greying(), new Both(), new Observer(), new OffByDefault());
  }

  private abstract class Recorded implements AdmissionPlugin {
    private final String name;

    Recorded(String name) {
      this.name = name;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public Set<Operation> operations() {
      return Set.of(Operation.CREATE, Operation.UPDATE, Operation.DELETE);
    }

    @Override
    public boolean handles(Attributes a) {
      return a.resource().resource().equals("widgets") && operations().contains(a.operation());
    }
  }

  private class Mutating extends Recorded implements MutatingPlugin {
    Mutating(String name) {
      super(name);
    }

    @Override
    public void admit(Attributes a) {
      calls.add("mutate:" + name());
    }
  }

  private class Validating extends Recorded implements ValidatingPlugin {
    Validating(String name) {
      super(name);
    }

    @Override
    public void validate(Attributes a) {
      calls.add("validate:" + name());
    }
  }

  /** Turns a black widget (which validation refuses) grey: mutation comes before validation. */
  private final class Greying extends Mutating {
    Greying() {
      super("Greying");
    }

    @Override
    public void admit(Attributes a) {
      super.admit(a);
      if (a.object() instanceof Widgets.Widget w && "black".equals(w.spec.color)) {
        w.spec.color = "grey";
      }
    }
  }

  private final class Both extends Recorded implements MutatingPlugin, ValidatingPlugin {
    Both() {
      super("Both");
    }

    @Override
    public void admit(Attributes a) {
      calls.add("mutate:Both");
    }

    @Override
    public void validate(Attributes a) {
      calls.add("validate:Both");
    }
  }

  /** Keeps the attributes and sends a warning. */
  private final class Observer extends Validating {
    Observer() {
      super("Observer");
    }

    @Override
    public void validate(Attributes a) {
      super.validate(a);
      seen.add(a);
      a.warnings().accept("observed by Observer");
    }
  }

  /** Refuses every widget write, when enabled by the flag. */
  private final class OffByDefault extends Validating {
    OffByDefault() {
      super("OffByDefault");
    }

    @Override
    public boolean enabledByDefault() {
      return false;
    }

    @Override
    public void validate(Attributes a) {
      throw a.forbidden("widgets are closed today");
    }
  }
}
