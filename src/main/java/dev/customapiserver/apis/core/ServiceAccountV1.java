package dev.customapiserver.apis.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import java.util.List;

/** ServiceAccount as served in core/v1. */
@Description("ServiceAccount binds together: a name, understood by users, and perhaps by peripheral systems, for an identity; "
    + "a principal that can be authenticated and authorized; a set of secrets.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class ServiceAccountV1 extends KubeObject {
  @Description("Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use.")
  public List<ObjectReference> secrets;
  @Description("ImagePullSecrets is a list of references to secrets in the same namespace to use for pulling any images.")
  public List<LocalObjectReference> imagePullSecrets;
  @Description("AutomountServiceAccountToken indicates whether pods running as this service account should have an API token "
      + "automatically mounted.")
  public Boolean automountServiceAccountToken;
}
