package dev.customapiserver.apis.admissionregistration;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ListType;
import dev.customapiserver.api.meta.PatchStrategy;
import dev.customapiserver.schema.Description;
import java.util.List;

/** MutatingWebhookConfiguration as served in {@code admissionregistration.k8s.io/v1}. */
@Description("MutatingWebhookConfiguration describes the configuration of and admission webhook that accept or "
    + "reject and may change the object.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class MutatingWebhookConfigurationV1 extends KubeObject {
  @Description("Webhooks is a list of webhooks and the affected resources and operations.")
  @PatchStrategy(value = "merge", mergeKey = "name")
  @ListType(value = "map", mapKeys = {"name"})
  public List<MutatingWebhook> webhooks;
}
