package dev.customapiserver.groups.cicd;

import dev.customapiserver.apis.cicd.JenkinsService;
import dev.customapiserver.runtime.ResourceStrategy;

/**
 * The rules of JenkinsService. Field limits are Bean Validation annotations on {@link JenkinsService};
 * here only status handling: the server sets {@code status.approvalstatus} to Pending on create
 * (whatever was sent) and the main resource ignores status changes.
 */
public final class JenkinsServiceStrategy implements ResourceStrategy<JenkinsService> {
  static final String PENDING = "Pending";

  /** Replaces any status sent by a fresh one, Pending approval. Mutates {@code obj}. */
  @Override
  public void prepareForCreate(JenkinsService obj) {
    obj.status = new JenkinsService.Status();
    obj.status.approvalstatus = PENDING;
  }

  /** Keeps the stored status. Mutates {@code newObj} only. */
  @Override
  public void prepareForUpdate(JenkinsService newObj, JenkinsService oldObj) {
    newObj.status = oldObj.status == null ? null : oldObj.status.copy();
  }
}
