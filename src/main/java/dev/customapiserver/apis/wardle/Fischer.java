package dev.customapiserver.apis.wardle;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import java.util.List;

/** The hub (internal) form of Fischer: no spec, one top-level list. */
@Description("A Fischer names the Flunders that may not be created.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Fischer extends KubeObject {
  public List<String> disallowedFlunders;
}
