package dev.customapiserver.apis.wardle;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import java.util.List;

/** Fischer as served in {@code wardle.example.com/v1alpha1}, its only version. */
@Description("A Fischer names the Flunders that may not be created.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class FischerV1alpha1 extends KubeObject {
  @Description("Names of Flunders that may not be created; each a DNS-1123 subdomain.")
  public List<String> disallowedFlunders;
}
