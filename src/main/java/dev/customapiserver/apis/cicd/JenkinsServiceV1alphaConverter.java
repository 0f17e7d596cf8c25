package dev.customapiserver.apis.cicd;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;
import java.util.ArrayList;

/** JenkinsService v1alpha to and from the hub: the same shape, copied. */
public final class JenkinsServiceV1alphaConverter implements KindConverter<JenkinsService, JenkinsServiceV1alpha> {

  @Override
  public JenkinsService toHub(JenkinsServiceV1alpha v) {
    JenkinsService h = new JenkinsService();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    if (v.spec != null) {
      h.spec.instanceamount = v.spec.instanceamount;
      h.spec.instancecpu = v.spec.instancecpu;
    }
    if (v.status != null) {
      h.status = new JenkinsService.Status();
      h.status.approvalstatus = v.status.approvalstatus;
      h.status.instances = v.status.instances == null ? null : new ArrayList<>(v.status.instances.stream()
          .map(i -> i == null ? null : new JenkinsService.Instance(i.cpu, i.running)).toList());
    }
    return h;
  }

  @Override
  public JenkinsServiceV1alpha fromHub(JenkinsService h) {
    JenkinsServiceV1alpha v = new JenkinsServiceV1alpha();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.spec = new JenkinsServiceV1alpha.Spec();
    v.spec.instanceamount = h.spec.instanceamount;
    v.spec.instancecpu = h.spec.instancecpu;
    if (h.status != null) {
      v.status = new JenkinsServiceV1alpha.Status();
      v.status.approvalstatus = h.status.approvalstatus;
      v.status.instances = h.status.instances == null ? null : new ArrayList<>(h.status.instances.stream().map(i -> {
        if (i == null) {
          return null;
        }
        JenkinsServiceV1alpha.Instance o = new JenkinsServiceV1alpha.Instance();
        o.cpu = i.cpu;
        o.running = i.running;
        return o;
      }).toList());
    }
    return v;
  }
}
