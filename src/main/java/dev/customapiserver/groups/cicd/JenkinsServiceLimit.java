package dev.customapiserver.groups.cicd;

import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.Operation;
import dev.customapiserver.admission.ValidatingPlugin;
import dev.customapiserver.apis.cicd.JenkinsService;
import dev.customapiserver.runtime.GroupResource;
import java.util.List;
import java.util.Set;

/**
 * Seed 004's {@code JenkinsService} admission plugin: at most {@code max} JenkinsServices in the
 * whole server (10 unless the admission configuration says otherwise); the next CREATE is 403
 * Forbidden in the seed's words, {@code too many service instances exist, 10 exist but max is 10}.
 * {@code JenkinsServiceQuota}, this server's earlier name, is accepted as an alias.
 */
public final class JenkinsServiceLimit implements ValidatingPlugin {
  static final String NAME = "JenkinsService";
  static final String ALIAS = "JenkinsServiceQuota";
  static final int DEFAULT_MAX = 10;
  static final GroupResource JENKINS_SERVICES = new GroupResource(CicdModule.GROUP, "jenkinsservices");

  private final Lister<JenkinsService> services;
  private final int max;

  /**
   * Its part of the admission configuration: {@code max}, how many JenkinsServices may exist (10
   * when absent).
   */
  record Configuration(Integer max) {
    int checkedMax() {
      if (max == null) {
        return DEFAULT_MAX;
      }
      if (max < 0) {
        throw new IllegalArgumentException("couldn't init admission plugin \"" + NAME + "\": max must be a non-negative integer, got "
            + max);
      }
      return max;
    }
  }

  JenkinsServiceLimit(Lister<JenkinsService> services, int max) {
    this.services = services;
    this.max = max;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<String> aliases() {
    return List.of(ALIAS);
  }

  @Override
  public Set<Operation> operations() {
    return Set.of(Operation.CREATE);
  }

  @Override
  public boolean handles(Attributes a) {
    return a.operation() == Operation.CREATE && a.resource().equals(JENKINS_SERVICES) && a.subresource().isEmpty();
  }

  @Override
  public void validate(Attributes a) {
    int existing = services.list(null).size();
    if (existing >= max) {
      throw a.forbidden("too many service instances exist, " + existing + " exist but max is " + max);
    }
  }
}
