package dev.customapiserver.admission.webhook;

import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.admission.MutatingPlugin;
import dev.customapiserver.admission.Operation;
import dev.customapiserver.admission.ValidatingPlugin;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.apis.meta.LabelSelector;
import dev.customapiserver.apis.admissionregistration.MutatingWebhook;
import dev.customapiserver.apis.admissionregistration.MutatingWebhookConfiguration;
import dev.customapiserver.apis.admissionregistration.RuleWithOperations;
import dev.customapiserver.apis.admissionregistration.ValidatingWebhook;
import dev.customapiserver.apis.admissionregistration.ValidatingWebhookConfiguration;
import dev.customapiserver.apis.admissionregistration.Webhook;
import dev.customapiserver.apis.admissionregistration.WebhookClientConfig;
import dev.customapiserver.apis.core.Namespace;
import dev.customapiserver.apis.hello.Foo;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.GroupVersionKind;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.testing.TestServer;
import dev.customapiserver.testing.WebhookServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The webhook plugins wired to in-memory listers (what the server's watch cache would hold) and a
 * real HTTPS webhook server; builders for configurations and Foo requests.
 */
final class WebhookFixture implements AutoCloseable {
  final WebhookServer server;
  final MutatingPlugin mutating;
  final ValidatingPlugin validating;
  final List<String> warnings = new CopyOnWriteArrayList<>();
  private final Map<GroupResource, List<KubeObject>> objects = new ConcurrentHashMap<>();

  WebhookFixture() throws Exception {
    server = new WebhookServer();
    Scheme scheme = new Scheme(TestServer.everyGroup());
    List<AdmissionPlugin> plugins = WebhookPlugins.create(scheme, new MapListers(), new Codecs());
    mutating = (MutatingPlugin) plugins.get(0);
    validating = (ValidatingPlugin) plugins.get(1);
  }

  /** Listers over the fixture's map. */
  private final class MapListers implements Listers {
    @Override
    public <H extends KubeObject> Lister<H> forResource(GroupResource resource, Class<H> hub) {
      return new Lister<>() {
        @Override
        public Optional<H> get(String namespace, String name) {
          return list(namespace).stream().filter(o -> name.equals(o.metadata().name)).findFirst();
        }

        @Override
        public Optional<H> lookup(String namespace, String name) {
          return get(namespace, name);
        }

        @Override
        public List<H> list(String namespace) {
          return objects.getOrDefault(resource, List.of()).stream().map(hub::cast).toList();
        }
      };
    }
  }

  void add(GroupResource r, KubeObject o) {
    objects.computeIfAbsent(r, k -> new CopyOnWriteArrayList<>()).add(o);
  }

  void namespace(String name, Map<String, String> labels) {
    Namespace ns = new Namespace();
    ns.metadata.name = name;
    ns.metadata.labels = labels;
    add(new GroupResource("", "namespaces"), ns);
  }

  /** A validating configuration named {@code name} with {@code hooks}. */
  void validating(String name, ValidatingWebhook... hooks) {
    ValidatingWebhookConfiguration c = new ValidatingWebhookConfiguration();
    c.metadata.name = name;
    c.webhooks = List.of(hooks);
    add(new GroupResource("admissionregistration.k8s.io", "validatingwebhookconfigurations"), c);
  }

  void mutating(String name, MutatingWebhook... hooks) {
    MutatingWebhookConfiguration c = new MutatingWebhookConfiguration();
    c.metadata.name = name;
    c.webhooks = List.of(hooks);
    add(new GroupResource("admissionregistration.k8s.io", "mutatingwebhookconfigurations"), c);
  }

  /** A webhook on CREATE/UPDATE of foos (all versions) at {@code path} of the test server, with kube's defaults. */
  <W extends Webhook> W hook(W w, String name, String path) {
    w.name = name;
    w.clientConfig = new WebhookClientConfig();
    w.clientConfig.url = server.url(path);
    w.clientConfig.caBundle = server.caBundle();
    w.rules = new ArrayList<>(List.of(rule(List.of("CREATE", "UPDATE"), "*", "foos")));
    w.failurePolicy = Webhook.FAIL;
    w.matchPolicy = Webhook.EQUIVALENT;
    w.sideEffects = Webhook.SIDE_EFFECTS_NONE;
    w.timeoutSeconds = 10;
    w.admissionReviewVersions = List.of("v1");
    w.namespaceSelector = new LabelSelector();
    w.objectSelector = new LabelSelector();
    return w;
  }

  ValidatingWebhook validatingHook(String name, String path) {
    return hook(new ValidatingWebhook(), name, path);
  }

  MutatingWebhook mutatingHook(String name, String path) {
    MutatingWebhook w = hook(new MutatingWebhook(), name, path);
    w.reinvocationPolicy = MutatingWebhook.NEVER;
    return w;
  }

  static RuleWithOperations rule(List<String> ops, String version, String resource) {
    RuleWithOperations r = new RuleWithOperations();
    r.operations = ops;
    r.apiGroups = List.of("hello.zeng.dev");
    r.apiVersions = List.of(version);
    r.resources = List.of(resource);
    r.scope = "*";
    return r;
  }

  static Foo foo(String name, String msg, Map<String, String> labels) {
    Foo f = new Foo();
    f.metadata.name = name;
    f.metadata.namespace = "team-a";
    f.metadata.labels = labels;
    f.spec.image = "nginx:latest";
    f.spec.config.msg = msg;
    return f;
  }

  /** A CREATE of {@code foo} in team-a through hello.zeng.dev/v2. */
  Attributes create(Foo foo, boolean dryRun) {
    return new Attributes(Operation.CREATE, new GroupVersionKind("hello.zeng.dev", "v2", "Foo"),
        new GroupResource("hello.zeng.dev", "foos"), "", "team-a", foo.metadata.name, foo, null,
        new UserInfo("alice", "u-1", List.of("devs", "system:authenticated"), Map.of()), dryRun, warnings::add);
  }

  @Override
  public void close() {
    server.close();
  }
}
