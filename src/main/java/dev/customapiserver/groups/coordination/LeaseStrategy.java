package dev.customapiserver.groups.coordination;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.coordination.Lease;
import dev.customapiserver.apis.coordination.LeaseSpec;
import dev.customapiserver.runtime.ResourceStrategy;
import java.util.ArrayList;
import java.util.List;

/**
 * kube's Lease validation: the name is a DNS-1123 subdomain (the default); leaseDurationSeconds
 * greater than 0; leaseTransitions not negative; preferredHolder only with a strategy; strategy one
 * of the known ones. No status: a Lease is all spec.
 */
public final class LeaseStrategy implements ResourceStrategy<Lease> {
  /** coordination.k8s.io/v1's only strategy (CoordinatedLeaderElection). */
  static final List<String> STRATEGIES = List.of("OldestEmulationVersion");

  @Override
  public List<FieldError> validate(Lease obj) {
    List<FieldError> errors = new ArrayList<>();
    LeaseSpec s = obj.spec;
    if (s.leaseDurationSeconds != null && s.leaseDurationSeconds <= 0) {
      errors.add(FieldError.invalid("spec.leaseDurationSeconds", s.leaseDurationSeconds, "must be greater than 0"));
    }
    if (s.leaseTransitions != null && s.leaseTransitions < 0) {
      errors.add(FieldError.invalid("spec.leaseTransitions", s.leaseTransitions, "must be greater than or equal to 0"));
    }
    if (s.strategy != null && !STRATEGIES.contains(s.strategy)) {
      errors.add(FieldError.notSupported("spec.strategy", s.strategy, STRATEGIES));
    }
    if (s.preferredHolder != null && !s.preferredHolder.isEmpty() && (s.strategy == null || s.strategy.isEmpty())) {
      errors.add(FieldError.forbidden("spec.preferredHolder", "may only be specified if `strategy` is defined"));
    }
    return errors;
  }
}
