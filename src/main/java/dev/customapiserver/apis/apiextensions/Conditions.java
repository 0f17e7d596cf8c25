package dev.customapiserver.apis.apiextensions;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Setting a CRD's conditions as kube's helpers do: the transition time moves only when the status changes. */
public final class Conditions {
  private Conditions() {}

  /** Sets (adds or replaces) {@code c}; keeps the old lastTransitionTime when the status is unchanged. */
  public static void set(CustomResourceDefinition crd, CustomResourceDefinition.Condition c) {
    if (crd.status == null) {
      crd.status = new CustomResourceDefinition.Status();
    }
    List<CustomResourceDefinition.Condition> list = crd.status.conditions == null ? new ArrayList<>()
        : new ArrayList<>(crd.status.conditions);
    for (int i = 0; i < list.size(); i++) {
      CustomResourceDefinition.Condition old = list.get(i);
      if (Objects.equals(old.type, c.type)) {
        if (Objects.equals(old.status, c.status)) {
          c.lastTransitionTime = old.lastTransitionTime;
        }
        list.set(i, c);
        crd.status.conditions = list;
        return;
      }
    }
    list.add(c);
    crd.status.conditions = list;
  }
}
