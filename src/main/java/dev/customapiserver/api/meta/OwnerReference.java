package dev.customapiserver.api.meta;

import com.fasterxml.jackson.annotation.JsonInclude;

/** metav1.OwnerReference. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class OwnerReference {
  public String apiVersion;
  public String kind;
  public String name;
  public String uid;
  public Boolean controller;
  public Boolean blockOwnerDeletion;

  OwnerReference copy() {
    OwnerReference c = new OwnerReference();
    c.apiVersion = apiVersion;
    c.kind = kind;
    c.name = name;
    c.uid = uid;
    c.controller = controller;
    c.blockOwnerDeletion = blockOwnerDeletion;
    return c;
  }
}
