package dev.customapiserver.e2e;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfigurationBuilder;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * A small Java Operator SDK operator for {@link JosdkLeaderElectionIT}, run as its own process:
 * {@code JosdkFooOperator <kubeconfig> <bearer token> <namespace> <lease> <identity>}. It connects
 * with the kubeconfig's server and CA but as the token's user (a ServiceAccount), elects a leader
 * on the Lease, and reconciles the namespace's Foos (hello.zeng.dev/v2) by setting the annotation
 * {@value #RECONCILED_BY} to its identity, printing {@code RECONCILED <identity> <foo>}. It prints
 * {@code STARTED <identity>} once the operator started (JOSDK checked its permissions on Leases
 * with a SelfSubjectRulesReview). Runs until killed; JOSDK exits the process if it loses the lease.
 */
public final class JosdkFooOperator {
  static final String RECONCILED_BY = "operator.example.com/reconciled-by";
  static final Duration LEASE = Duration.ofSeconds(4);
  static final Duration RETRY = Duration.ofMillis(500);

  private JosdkFooOperator() {}

  /** A Foo as an operator author would declare it; only metadata matters to this operator. */
  @Group("hello.zeng.dev")
  @Version("v2")
  @Kind("Foo")
  @Plural("foos")
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class Foo extends CustomResource<Map<String, Object>, Map<String, Object>> implements Namespaced {
    private static final long serialVersionUID = 1L;
  }

  /** Marks each Foo as reconciled by this process. */
  @ControllerConfiguration(name = "foo-marker")
  public static final class Marker implements Reconciler<Foo> {
    private final String identity;

    Marker(String identity) {
      this.identity = identity;
    }

    @Override
    public UpdateControl<Foo> reconcile(Foo foo, Context<Foo> context) {
      String name = foo.getMetadata().getName();
      Map<String, String> annotations = foo.getMetadata().getAnnotations();
      if (annotations == null || !identity.equals(annotations.get(RECONCILED_BY))) {
        context.getClient().resource(foo).patch(PatchContext.of(PatchType.JSON_MERGE),
            "{\"metadata\":{\"annotations\":{\"" + RECONCILED_BY + "\":\"" + identity + "\"}}}");
      }
      say("RECONCILED " + identity + " " + name);
      return UpdateControl.noUpdate();
    }
  }

  public static void main(String[] args) throws Exception {
    Path kubeconfig = Path.of(args[0]);
    String token = args[1];
    String namespace = args[2];
    String lease = args[3];
    String identity = args[4];
    Config config = Config.fromKubeconfig(Files.readString(kubeconfig));
    config.setClientCertData(null);
    config.setClientCertFile(null);
    config.setClientKeyData(null);
    config.setClientKeyFile(null);
    config.setOauthToken(token);
    config.setNamespace(namespace);
    Operator operator = new Operator(o -> o
        .withKubernetesClient(new KubernetesClientBuilder().withConfig(config).build())
        .checkingCRDAndValidateLocalModel(false)
        .withUseSSAToPatchPrimaryResource(false)
        .withLeaderElectionConfiguration(LeaderElectionConfigurationBuilder.aLeaderElectionConfiguration(lease)
            .withLeaseNamespace(namespace)
            .withIdentity(identity)
            .withLeaseDuration(LEASE)
            .withRenewDeadline(Duration.ofSeconds(3))
            .withRetryPeriod(RETRY)
            .build()));
    operator.register(new Marker(identity), o -> o.settingNamespace(namespace));
    operator.start();
    say("STARTED " + identity);
    Thread.currentThread().join();
  }

  private static void say(String line) {
    System.out.println(line);
    System.out.flush();
  }
}
