package dev.customapiserver.apis.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import java.util.List;

/** The hub form of ServiceAccount: the same shape as v1. */
@Description("ServiceAccount binds together: a name, understood by users, and perhaps by peripheral systems, for an identity; "
    + "a principal that can be authenticated and authorized; a set of secrets.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class ServiceAccount extends KubeObject {
  public List<ObjectReference> secrets;
  public List<LocalObjectReference> imagePullSecrets;
  public Boolean automountServiceAccountToken;
}
