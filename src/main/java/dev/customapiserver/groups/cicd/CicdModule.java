package dev.customapiserver.groups.cicd;

import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.admission.PluginConfigurations;
import dev.customapiserver.apis.cicd.JenkinsService;
import dev.customapiserver.apis.cicd.JenkinsServiceDefaults;
import dev.customapiserver.apis.cicd.JenkinsServiceV1alpha;
import dev.customapiserver.apis.cicd.JenkinsServiceV1alphaConverter;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.PrinterColumn;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ScaleSubresource;
import dev.customapiserver.runtime.ServedVersion;
import java.util.List;

/**
 * The {@code autobusi.group.cicd} group: JenkinsService in v1alpha, with the status subresource, a
 * scale subresource ({@code spec.instanceamount} as replicas, the instances in status as observed
 * replicas) and a connect-style {@code log} subresource.
 */
public final class CicdModule implements ApiGroupModule {
  public static final String GROUP = "autobusi.group.cicd";

  /** JenkinsService (seed 004), its {@code max} from the admission configuration, 10 by default. */
  @Override
  public List<AdmissionPlugin> admissionPlugins(Listers listers, PluginConfigurations configurations) {
    int max = configurations.of(JenkinsServiceLimit.Configuration.class, JenkinsServiceLimit.NAME,
        List.of(JenkinsServiceLimit.ALIAS)).map(JenkinsServiceLimit.Configuration::checkedMax).orElse(JenkinsServiceLimit.DEFAULT_MAX);
    return List.of(new JenkinsServiceLimit(listers.forResource(JenkinsServiceLimit.JENKINS_SERVICES, JenkinsService.class), max));
  }

  @Override
  public ApiGroup apiGroup() {
    return new ApiGroup(GROUP, List.of("v1alpha"), List.of(jenkinsServices()));
  }

  static ResourceType<JenkinsService> jenkinsServices() {
    return ResourceType.builder(GROUP, "JenkinsService", "jenkinsservices", JenkinsService.class)
        .shortNames("js")
        .categories("all")
        .statusSubresource()
        .served(ServedVersion.of("v1alpha", JenkinsServiceV1alpha.class, new JenkinsServiceV1alphaConverter()).withSchemaProtobuf()
            .withDefaulter(JenkinsServiceDefaults::v1alpha)
            .withColumns(
                PrinterColumn.of("INSTANCES", "integer", "How many instances are asked for.",
                    js -> js.spec == null ? null : js.spec.instanceamount),
                PrinterColumn.of("CPU", "integer", "CPUs per instance.",
                    js -> js.spec == null ? null : js.spec.instancecpu),
                PrinterColumn.of("APPROVAL", "string", "Approval status.",
                    js -> js.status == null ? null : js.status.approvalstatus)))
        .storageVersion("v1alpha")
        .strategy(new JenkinsServiceStrategy())
        .scaleSubresource(new ScaleSubresource<>(js -> js.spec.instanceamount, (js, n) -> js.spec.instanceamount = n,
            js -> js.status == null || js.status.instances == null ? 0 : js.status.instances.size()))
        .connect("log", new JenkinsServiceLog())
        .build();
  }
}
