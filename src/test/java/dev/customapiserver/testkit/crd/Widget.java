package dev.customapiserver.testkit.crd;

import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/** A custom resource with no Java module behind it: its type comes from the CRD in {@code widget-crd.yaml}. */
@Group("ops.example.com")
@Version("v1")
@Kind("Widget")
@Plural("widgets")
public class Widget extends CustomResource<Widget.Spec, Widget.Status> implements Namespaced {
  /** {@code spec}: how many parts the widget wants. */
  public static class Spec {
    public Integer parts;
    public String color;
  }

  /** {@code status}: what the operator made of it. */
  public static class Status {
    public Integer readyParts;
    public String phase;
  }
}
