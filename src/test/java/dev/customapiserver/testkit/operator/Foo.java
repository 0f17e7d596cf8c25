package dev.customapiserver.testkit.operator;

import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;
import java.util.Map;

/** The server's hello.zeng.dev/v2 Foo as the operator's Java type (what a user writes for their kind). */
@Group("hello.zeng.dev")
@Version("v2")
@Kind("Foo")
@Plural("foos")
public class Foo extends CustomResource<Foo.Spec, Void> implements Namespaced {
  /** {@code spec}: an image and a message. */
  public static class Spec {
    public String image;
    public Map<String, String> config;
  }
}
