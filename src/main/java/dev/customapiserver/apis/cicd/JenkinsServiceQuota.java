package dev.customapiserver.apis.cicd;

import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.Operation;
import dev.customapiserver.admission.ValidatingPlugin;
import dev.customapiserver.runtime.GroupResource;
import java.util.Set;

/** At most {@link #LIMIT} JenkinsServices in the whole server: the next create is 403 Forbidden. */
final class JenkinsServiceQuota implements ValidatingPlugin {
  static final int LIMIT = 10;
  static final GroupResource JENKINS_SERVICES = new GroupResource(CicdModule.GROUP, "jenkinsservices");

  private final Lister<JenkinsService> services;

  JenkinsServiceQuota(Lister<JenkinsService> services) {
    this.services = services;
  }

  @Override
  public String name() {
    return "JenkinsServiceQuota";
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
    if (existing >= LIMIT) {
      throw a.forbidden("quota exceeded: " + existing + " JenkinsServices exist in the server and at most " + LIMIT
          + " are allowed");
    }
  }
}
