package dev.customapiserver.server;

import dev.customapiserver.admission.Admission;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.apis.rbac.RbacGroup;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.groups.authorization.AuthorizationModule;
import dev.customapiserver.apis.rbac.PolicyRule;
import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.rbac.EscalationCheck;
import dev.customapiserver.controllers.rbac.ClusterRoleAggregation;
import dev.customapiserver.controllers.rbac.PolicyBootstrap;
import dev.customapiserver.runtime.Scheme;
import java.util.Arrays;
import java.util.function.Supplier;
import dev.customapiserver.auth.SystemGroups;
import dev.customapiserver.auth.rbac.RbacAuthorizer;
import dev.customapiserver.auth.rbac.RuleResolver;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The authorization room: {@code --authorization-mode} (a comma list asked in order) behind kube's
 * system:masters authorizer, validated as kube-apiserver validates it.
 */
final class AuthorizationWiring {
  static final String RBAC = "RBAC";
  static final String WEBHOOK = "Webhook";
  static final String ALWAYS_ALLOW = "AlwaysAllow";
  static final String ALWAYS_DENY = "AlwaysDeny";
  static final List<String> MODES = List.of(ALWAYS_ALLOW, ALWAYS_DENY, WEBHOOK, RBAC);
  private static final System.Logger LOG = System.getLogger(AuthorizationWiring.class.getName());

  private AuthorizationWiring() {}

  /**
   * The authorizer of {@code config}'s modes; {@code webhook} makes the Webhook mode's authorizer.
   *
   * @throws ConfigException worded as kube-apiserver: an unknown or repeated mode, Webhook without its
   *     config file or the file without Webhook, no mode at all
   */
  static Authorizer authorizer(ServerConfig config, Registry registry, Function<ServerConfig, Authorizer> webhook) {
    List<String> modes = modes(config);
    List<Authorizer> chain = new ArrayList<>();
    List<BiFunction<UserInfo, String, RuleResolver.Rules>> rules = new ArrayList<>();
    chain.add(Authorizer.privilegedGroups(Set.of(SystemGroups.MASTERS)));
    rules.add((u, ns) -> u.groups().contains(SystemGroups.MASTERS) ? ALL : NONE);
    for (String mode : modes) {
      switch (mode) {
        case RBAC -> {
          RuleResolver resolver = new RuleResolver(registry.informers());
          chain.add(new RbacAuthorizer(resolver));
          rules.add(resolver::rulesFor);
        }
        case WEBHOOK -> {
          chain.add(webhook.apply(config));
          rules.add((u, ns) -> new RuleResolver.Rules(List.of(), List.of("webhook authorizer does not support user rule resolution")));
        }
        case ALWAYS_ALLOW -> {
          chain.add(Authorizer.alwaysAllow());
          rules.add((u, ns) -> ALL);
        }
        default -> chain.add(Authorizer.alwaysDeny());
      }
    }
    if (modes.contains(ALWAYS_ALLOW)) {
      LOG.log(System.Logger.Level.WARNING, "--authorization-mode=" + String.join(",", modes) + " includes AlwaysAllow: "
          + "every request is allowed" + (config.flags().bool(Option.ANONYMOUS_AUTH)
          ? ", also those without credentials (--anonymous-auth=true); use this only for local experiments" : ""));
    }
    return new ModeAuthorizer(Authorizer.union(chain), (u, ns) -> {
      List<PolicyRule> all = new ArrayList<>();
      List<String> errors = new ArrayList<>();
      rules.forEach(r -> {
        RuleResolver.Rules got = r.apply(u, ns);
        all.addAll(got.rules());
        errors.addAll(got.errors());
      });
      return new RuleResolver.Rules(all, errors);
    });
  }

  private static final RuleResolver.Rules ALL = new RuleResolver.Rules(List.of(
      PolicyRule.resources(List.of("*"), List.of("*"), List.of("*")), PolicyRule.urls(List.of("*"), List.of("*"))), List.of());
  private static final RuleResolver.Rules NONE = new RuleResolver.Rules(List.of(), List.of());

  /** The authorizer of the modes with the rules each user holds under them (for SelfSubjectRulesReview). */
  record ModeAuthorizer(Authorizer authorizer, BiFunction<UserInfo, String, RuleResolver.Rules> rules) implements Authorizer {
    @Override
    public Decision authorize(AuthorizationAttributes attributes) {
      return authorizer.authorize(attributes);
    }
  }

  /** The authorization.k8s.io reviews, answered by {@code late} once it is set. */
  static ApiGroupModule reviews(LateAuthorizer late) {
    return new AuthorizationModule(late, late::rulesFor);
  }

  /**
   * {@code admission} behind RBAC's escalation check (always on, as kube's RBAC storage), when the
   * RBAC group is registered; {@code authorizer} answers escalate and bind.
   */
  static Admission guard(Admission admission, Listers listers, Supplier<Authorizer> authorizer, Scheme scheme) {
    if (scheme.group(RbacGroup.NAME).isEmpty()) {
      return admission;
    }
    return new EscalationCheck(admission, new RuleResolver(listers), authorizer);
  }

  /** The RBAC background work: the bootstrap policy reconciled, then the ClusterRole aggregation controller. */
  static void background(Background background, Registry registry) {
    if (registry.scheme().group(RbacGroup.NAME).isEmpty()) {
      return;
    }
    PolicyBootstrap bootstrap = new PolicyBootstrap(registry);
    ClusterRoleAggregation aggregation = new ClusterRoleAggregation(registry);
    background.add(bootstrap::reconcile, () -> {}).add(aggregation::start, aggregation::close);
  }

  /** The modes of {@code --authorization-mode}, checked. */
  static List<String> modes(ServerConfig config) {
    List<String> modes = Arrays.stream(config.flags().string(Option.AUTHORIZATION_MODE).split(",")).map(String::trim)
        .filter(m -> !m.isEmpty()).toList();
    List<String> errors = new ArrayList<>();
    if (modes.isEmpty()) {
      errors.add("at least one authorization-mode must be passed");
    }
    for (String m : modes) {
      if (!MODES.contains(m)) {
        errors.add("authorization-mode \"" + m + "\" is not a valid mode");
      }
    }
    Set<String> distinct = new LinkedHashSet<>(modes);
    if (distinct.size() != modes.size()) {
      errors.add("authorization-mode \"" + String.join(",", modes) + "\" has mode specified more than once");
    }
    boolean webhookFile = config.flags().optional(Option.AUTHORIZATION_WEBHOOK_CONFIG_FILE).filter(s -> !s.isEmpty()).isPresent();
    if (modes.contains(WEBHOOK) && !webhookFile) {
      errors.add("authorization-mode Webhook's authorization config file not passed");
    }
    if (webhookFile && !modes.contains(WEBHOOK)) {
      errors.add("cannot specify --authorization-webhook-config-file without mode Webhook");
    }
    if (!errors.isEmpty()) {
      throw ConfigException.invalid(String.join(", ", errors));
    }
    return modes;
  }
}
