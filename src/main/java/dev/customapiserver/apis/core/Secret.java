package dev.customapiserver.apis.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import java.util.Map;

/** The hub form of Secret: v1 without the write-only {@code stringData} (merged into {@code data}). */
@Description("Secret holds secret data of a certain type.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Secret extends KubeObject {
  public static final String OPAQUE = "Opaque";
  public Boolean immutable;
  public Map<String, byte[]> data;
  public String type;
}
