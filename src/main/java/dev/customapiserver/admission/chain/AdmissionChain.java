package dev.customapiserver.admission.chain;

import dev.customapiserver.admission.Admission;
import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.MutatingPlugin;
import dev.customapiserver.admission.NotReadyException;
import dev.customapiserver.admission.ValidatingPlugin;
import java.util.List;

/**
 * The enabled plugins in order: {@link #mutate} calls every {@link MutatingPlugin} that handles the
 * request, {@link #validate} every {@link ValidatingPlugin}; the first denial ends the request. A
 * plugin whose lister is not ready denies with kube-apiserver's 403 "not yet ready to handle request".
 */
public final class AdmissionChain implements Admission {
  private final List<AdmissionPlugin> plugins;
  private final List<MutatingPlugin> mutating;
  private final List<ValidatingPlugin> validating;

  /** The plugins of {@code available} that {@code selection} enables, in its order. */
  public static AdmissionChain of(List<AdmissionPlugin> available, PluginSelection selection) {
    return new AdmissionChain(selection.select(available));
  }

  private AdmissionChain(List<AdmissionPlugin> plugins) {
    this.plugins = List.copyOf(plugins);
    this.mutating = plugins.stream().filter(MutatingPlugin.class::isInstance).map(MutatingPlugin.class::cast).toList();
    this.validating = plugins.stream().filter(ValidatingPlugin.class::isInstance).map(ValidatingPlugin.class::cast).toList();
  }

  /** The names of the enabled plugins, in the order they run. */
  public List<String> names() {
    return plugins.stream().map(AdmissionPlugin::name).toList();
  }

  @Override
  public void mutate(Attributes a) {
    for (MutatingPlugin p : mutating) {
      if (p.handles(a)) {
        try {
          p.admit(a);
        } catch (NotReadyException e) {
          throw a.forbidden("not yet ready to handle request");
        }
      }
    }
  }

  @Override
  public void validate(Attributes a) {
    for (ValidatingPlugin p : validating) {
      if (p.handles(a)) {
        try {
          p.validate(a);
        } catch (NotReadyException e) {
          throw a.forbidden("not yet ready to handle request");
        }
      }
    }
  }
}
