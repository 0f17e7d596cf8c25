package dev.customapiserver.admission.webhook;

import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Lister;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.apis.admissionregistration.AdmissionregistrationGroup;
import dev.customapiserver.apis.core.CoreGroup;
import dev.customapiserver.apis.meta.LabelSelector;
import dev.customapiserver.apis.admissionregistration.RuleWithOperations;
import dev.customapiserver.apis.admissionregistration.Webhook;
import dev.customapiserver.apis.core.Namespace;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.Scheme;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Decides whether a webhook is called for a request, and in which version: rules (exactly, then with
 * matchPolicy Equivalent in the resource's other versions, in priority order), then the namespace
 * selector (on the namespace's labels; on the object's own for a Namespace; not applied to other
 * cluster-scoped objects) and the object selector (on the new or the old object's labels).
 * Requests on webhook configurations never call webhooks.
 */
final class Matcher {
  private static final Set<String> EXEMPT = Set.of(AdmissionregistrationGroup.VALIDATING, AdmissionregistrationGroup.MUTATING);
  private final Scheme scheme;
  private final Lister<Namespace> namespaces;

  Matcher(Scheme scheme, Lister<Namespace> namespaces) {
    this.scheme = scheme;
    this.namespaces = namespaces;
  }

  /** Whether no webhook may see requests on this resource. */
  static boolean exempt(Attributes a) {
    return a.resource().group().equals(AdmissionregistrationGroup.NAME) && EXEMPT.contains(a.resource().resource());
  }

  /** The invocation, if {@code w} is to be called; {@code object} is the current (possibly mutated) object. */
  Optional<Invocation> match(Webhook w, String configuration, Attributes a, KubeObject object) {
    Optional<ResourceType<?>> type = scheme.resource(a.resource().group(), a.resource().resource());
    if (type.isEmpty()) {
      return Optional.empty();
    }
    Optional<String> version = version(w, a, type.get());
    if (version.isEmpty() || !namespaceMatches(w.namespaceSelector, a, object) || !objectMatches(w.objectSelector, a, object)) {
      return Optional.empty();
    }
    return Optional.of(new Invocation(w, configuration, type.get(), version.get()));
  }

  private Optional<String> version(Webhook w, Attributes a, ResourceType<?> type) {
    List<String> candidates = new ArrayList<>();
    candidates.add(a.kind().version());
    if (!Webhook.EXACT.equals(w.matchPolicy)) {
      ApiGroup g = scheme.group(type.group()).orElseThrow();
      g.versions().stream().filter(v -> type.servedIn(v) && !v.equals(a.kind().version())).forEach(candidates::add);
    }
    boolean cluster = isNamespace(a) || !type.namespaced();
    List<RuleWithOperations> rules = w.rules == null ? List.of() : w.rules;
    for (String v : candidates) {
      for (RuleWithOperations r : rules) {
        if (r != null && Rules.matches(r, a.operation(), type.group(), v, type.plural(), a.subresource(), cluster)) {
          return Optional.of(v);
        }
      }
    }
    return Optional.empty();
  }

  private boolean namespaceMatches(LabelSelector s, Attributes a, KubeObject object) {
    if (s == null || s.selectsEverything()) {
      return true;
    }
    if (isNamespace(a)) {
      return s.matches(labels(object != null ? object : a.oldObject()));
    }
    if (a.namespace() == null || a.namespace().isEmpty()) {
      return true;
    }
    // a namespace the server does not know (yet) has no labels
    return s.matches(namespaces.get(null, a.namespace()).map(ns -> ns.metadata().labels).orElse(Map.of()));
  }

  private static boolean objectMatches(LabelSelector s, Attributes a, KubeObject object) {
    if (s == null || s.selectsEverything()) {
      return true;
    }
    return (object != null && s.matches(labels(object))) || (a.oldObject() != null && s.matches(labels(a.oldObject())));
  }

  private static Map<String, String> labels(KubeObject o) {
    return o == null ? Map.of() : o.metadata().labelsOrEmpty();
  }

  private static boolean isNamespace(Attributes a) {
    return a.resource().group().equals(CoreGroup.NAME) && a.resource().resource().equals("namespaces");
  }
}
