package dev.customapiserver.admission.webhook;

import dev.customapiserver.admission.AdmissionObserver;
import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.apis.admissionregistration.AdmissionregistrationGroup;
import dev.customapiserver.apis.admissionregistration.MutatingWebhookConfiguration;
import dev.customapiserver.apis.admissionregistration.ValidatingWebhookConfiguration;
import dev.customapiserver.apis.core.CoreGroup;
import dev.customapiserver.apis.core.Namespace;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.Scheme;
import java.util.List;

/**
 * Builds kube-apiserver's two webhook admission plugins, {@value #MUTATING} and {@value #VALIDATING}.
 * The scheme must hold the admissionregistration.k8s.io group and core Namespaces, whose listers
 * the plugins read configurations and namespace labels from.
 */
public final class WebhookPlugins {
  public static final String MUTATING = MutatingAdmissionWebhook.NAME;
  public static final String VALIDATING = ValidatingAdmissionWebhook.NAME;

  private WebhookPlugins() {}

  /** Both plugins, mutating first; they share one HTTPS client pool. */
  public static List<AdmissionPlugin> create(Scheme scheme, Listers listers, Codecs codecs) {
    return create(scheme, listers, codecs, AdmissionObserver.NONE);
  }

  /** The same, each webhook call timed and its rejections told to {@code observer}. */
  public static List<AdmissionPlugin> create(Scheme scheme, Listers listers, Codecs codecs, AdmissionObserver observer) {
    Matcher matcher = new Matcher(scheme, listers.forResource(new GroupResource(CoreGroup.NAME, "namespaces"), Namespace.class));
    VersionedObjects objects = new VersionedObjects(codecs);
    HookCall call = new HookCall(codecs.json(), new HookClient(codecs.json()), objects, observer);
    return List.of(
        new MutatingAdmissionWebhook(listers.forResource(new GroupResource(AdmissionregistrationGroup.NAME,
            AdmissionregistrationGroup.MUTATING), MutatingWebhookConfiguration.class), matcher, call, objects, codecs.json()),
        new ValidatingAdmissionWebhook(listers.forResource(new GroupResource(AdmissionregistrationGroup.NAME,
            AdmissionregistrationGroup.VALIDATING), ValidatingWebhookConfiguration.class), matcher, call, codecs.json()));
  }
}
