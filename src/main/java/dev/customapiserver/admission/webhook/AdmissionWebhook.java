package dev.customapiserver.admission.webhook;

import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.Operation;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.apis.admissionregistration.Webhook;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * What the two webhook plugins share, as kube's generic Webhook: every operation but none on webhook
 * configurations, the webhooks of all configurations in call order (configurations by name, webhooks
 * in order), their matching, and the end of a failed call by the webhook's failurePolicy.
 *
 * @param <C> the configuration type
 * @param <W> the webhook type of its {@code webhooks}
 */
abstract class AdmissionWebhook<C extends KubeObject, W extends Webhook> implements AdmissionPlugin {
  private final System.Logger log = System.getLogger(getClass().getName());
  private final String name;
  private final Lister<C> configurations;
  private final Function<C, List<W>> webhooks;
  private final Matcher matcher;

  /** A webhook with the name of its configuration. */
  record Hook<W extends Webhook>(W webhook, String configuration) {}

  /** @param webhooks a configuration's webhooks, never null */
  AdmissionWebhook(String name, Lister<C> configurations, Function<C, List<W>> webhooks, Matcher matcher) {
    this.name = name;
    this.configurations = configurations;
    this.webhooks = webhooks;
    this.matcher = matcher;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final Set<Operation> operations() {
    return EnumSet.allOf(Operation.class);
  }

  @Override
  public final boolean handles(Attributes a) {
    return AdmissionPlugin.super.handles(a) && !Matcher.exempt(a);
  }

  /** The webhooks of all configurations, in call order. */
  final List<Hook<W>> hooks() {
    List<C> configs = new ArrayList<>(configurations.list(null));
    configs.sort(Comparator.comparing(c -> c.metadata().name));
    List<Hook<W>> hooks = new ArrayList<>();
    configs.forEach(c -> webhooks.apply(c).forEach(w -> hooks.add(new Hook<>(w, c.metadata().name))));
    return hooks;
  }

  /** The invocation of {@code h}, if it is to be called; {@code object} is the current (possibly mutated) object. */
  final Optional<Invocation> match(Hook<W> h, Attributes a, KubeObject object) {
    return matcher.match(h.webhook(), h.configuration(), a, object);
  }

  /**
   * The error a failed call ends in, or null where the webhook fails open (failurePolicy Ignore).
   * A call failure is logged either way, in kube-apiserver's words.
   *
   * @param cause a {@link CallFailure}, or what else the call threw
   */
  final ApiException failure(Invocation inv, Throwable cause) {
    String hook = inv.webhook().name;
    if (cause instanceof CallFailure f) {
      if (inv.webhook().ignoresFailures()) {
        log.log(System.Logger.Level.WARNING, "Failed calling webhook, failing open {0}: {1}", hook, f.describe(hook));
        return null;
      }
      log.log(System.Logger.Level.WARNING, "Failed calling webhook, failing closed {0}: {1}", hook, f.describe(hook));
      return Verdicts.failedCalling(hook, f);
    }
    return cause instanceof ApiException api ? api : Errors.internal(String.valueOf(cause), cause);
  }
}
