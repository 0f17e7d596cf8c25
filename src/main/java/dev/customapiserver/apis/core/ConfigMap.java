package dev.customapiserver.apis.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import java.util.Map;

/** The hub form of ConfigMap: the same shape as v1. */
@Description("ConfigMap holds configuration data for pods to consume.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class ConfigMap extends KubeObject {
  public Boolean immutable;
  public Map<String, String> data;
  public Map<String, byte[]> binaryData;
}
