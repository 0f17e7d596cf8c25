package dev.customapiserver.admission.chain;

import dev.customapiserver.admission.Admission;
import dev.customapiserver.admission.AdmissionObserver;
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
  private static final String ADMIT = "admit";
  private static final String VALIDATE = "validate";
  private final List<AdmissionPlugin> plugins;
  private final List<MutatingPlugin> mutating;
  private final List<ValidatingPlugin> validating;
  private final AdmissionObserver observer;

  /** The plugins of {@code available} that {@code selection} enables, in its order. */
  public static AdmissionChain of(List<AdmissionPlugin> available, PluginSelection selection) {
    return of(available, selection, AdmissionObserver.NONE);
  }

  /** The same, each step and each plugin call timed and told to {@code observer}. */
  public static AdmissionChain of(List<AdmissionPlugin> available, PluginSelection selection, AdmissionObserver observer) {
    return new AdmissionChain(selection.select(available), observer);
  }

  private AdmissionChain(List<AdmissionPlugin> plugins, AdmissionObserver observer) {
    this.observer = observer;
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
    long start = System.nanoTime();
    boolean rejected = true;
    try {
      for (MutatingPlugin p : mutating) {
        if (p.handles(a)) {
          long t = System.nanoTime();
          boolean denied = true;
          try {
            p.admit(a);
            denied = false;
          } catch (NotReadyException e) {
            throw a.forbidden("not yet ready to handle request");
          } finally {
            observer.controller(p.name(), ADMIT, a.operation(), denied, seconds(t));
          }
        }
      }
      rejected = false;
    } finally {
      observer.step(ADMIT, a.operation(), rejected, seconds(start));
    }
  }

  @Override
  public void validate(Attributes a) {
    long start = System.nanoTime();
    boolean rejected = true;
    try {
      for (ValidatingPlugin p : validating) {
        if (p.handles(a)) {
          long t = System.nanoTime();
          boolean denied = true;
          try {
            p.validate(a);
            denied = false;
          } catch (NotReadyException e) {
            throw a.forbidden("not yet ready to handle request");
          } finally {
            observer.controller(p.name(), VALIDATE, a.operation(), denied, seconds(t));
          }
        }
      }
      rejected = false;
    } finally {
      observer.step(VALIDATE, a.operation(), rejected, seconds(start));
    }
  }

  private static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
