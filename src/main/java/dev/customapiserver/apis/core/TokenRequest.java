package dev.customapiserver.apis.core;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import java.time.Instant;
import java.util.List;

/** authentication.k8s.io/v1 TokenRequest: asked of {@code serviceaccounts/token}, answered with the token. */
@Description("TokenRequest requests a token for a given service account.")
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public final class TokenRequest extends KubeObject {
  public static final String API_VERSION = "authentication.k8s.io/v1";
  public static final String KIND = "TokenRequest";

  public Spec spec = new Spec();
  public Status status;

  /** TokenRequestSpec. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class Spec {
    public List<String> audiences;
    public Long expirationSeconds;
    public BoundObjectReference boundObjectRef;
  }

  /** BoundObjectReference: the object the token is bound to. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public static final class BoundObjectReference {
    public String kind;
    public String apiVersion;
    public String name;
    public String uid;
  }

  /** TokenRequestStatus. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Status {
    public String token;
    public Instant expirationTimestamp;
  }
}
