package dev.customapiserver.e2e;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.LinkedHashMap;
import java.util.Map;

/** Resource contexts and objects of the seed APIs, as a fabric8 user would write them. */
final class FabricFoos {
  static final ResourceDefinitionContext FOO_V2 = context("hello.zeng.dev", "v2", "Foo", "foos", true);
  static final ResourceDefinitionContext FOO_V1 = context("hello.zeng.dev", "v1", "Foo", "foos", true);
  static final ResourceDefinitionContext TOPPING = context("restaurant.wukong.com", "v1beta1", "Topping", "toppings", false);

  private FabricFoos() {}

  private static ResourceDefinitionContext context(String group, String version, String kind, String plural, boolean namespaced) {
    return new ResourceDefinitionContext.Builder().withGroup(group).withVersion(version).withKind(kind)
        .withPlural(plural).withNamespaced(namespaced).build();
  }

  /** A v2 Foo with {@code spec.config.msg = msg} (no image, so the server defaults it); labels as key, value pairs. */
  static GenericKubernetesResource foo(String name, String msg, String... labels) {
    Map<String, Object> config = new LinkedHashMap<>();
    if (msg != null) {
      config.put("msg", msg);
    }
    return new GenericKubernetesResourceBuilder().withApiVersion("hello.zeng.dev/v2").withKind("Foo")
        .withNewMetadata().withName(name).withLabels(pairs(labels)).endMetadata()
        .addToAdditionalProperties("spec", new LinkedHashMap<>(Map.of("config", config))).build();
  }

  /** A cluster-scoped Topping with {@code spec.cost}. */
  static GenericKubernetesResource topping(String name, double cost) {
    return new GenericKubernetesResourceBuilder().withApiVersion("restaurant.wukong.com/v1beta1").withKind("Topping")
        .withNewMetadata().withName(name).endMetadata()
        .addToAdditionalProperties("spec", new LinkedHashMap<>(Map.of("cost", cost))).build();
  }

  private static Map<String, String> pairs(String... labels) {
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i + 1 < labels.length; i += 2) {
      map.put(labels[i], labels[i + 1]);
    }
    return map;
  }
}
