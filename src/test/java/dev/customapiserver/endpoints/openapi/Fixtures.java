package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ListType;
import dev.customapiserver.api.meta.PatchStrategy;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.schema.Default;
import dev.customapiserver.schema.Description;
import dev.customapiserver.schema.Enum;
import dev.customapiserver.runtime.KindConverter;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.runtime.ServedVersion;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** API types mirroring the built-in groups of seed-apis.md, and a Scheme serving them. */
final class Fixtures {
  private Fixtures() {}

  static Scheme scheme() {
    return new Scheme(List.of(
        new ApiGroup("hello.zeng.dev", List.of("v2", "v1"), List.of(foo())),
        new ApiGroup("wardle.example.com", List.of("v1beta1", "v1alpha1"), List.of(fischer())),
        new ApiGroup("", List.of("v1"), List.of(namespace())),
        new ApiGroup("autobusi.group.cicd", List.of("v1alpha"), List.of(jenkins())),
        new ApiGroup("restaurant.wukong.com", List.of("v1beta1"), List.of(topping()))));
  }

  static ResourceType<FooV2> foo() {
    return ResourceType.builder("hello.zeng.dev", "Foo", "foos", FooV2.class).shortNames("fo")
        .served(ServedVersion.of("v2", FooV2.class, unused())).served(ServedVersion.of("v1", FooV1.class, unused()))
        .storageVersion("v2").statusSubresource().build();
  }

  static ResourceType<Fischer> fischer() {
    return ResourceType.builder("wardle.example.com", "Fischer", "fischers", Fischer.class).clusterScoped()
        .served(ServedVersion.of("v1alpha1", Fischer.class, unused())).storageVersion("v1alpha1").build();
  }

  static ResourceType<Namespace> namespace() {
    return ResourceType.builder("", "Namespace", "namespaces", Namespace.class).clusterScoped().shortNames("ns")
        .served(ServedVersion.of("v1", Namespace.class, unused())).storageVersion("v1").statusSubresource().build();
  }

  static ResourceType<JenkinsService> jenkins() {
    return ResourceType.builder("autobusi.group.cicd", "JenkinsService", "jenkinsservices", JenkinsService.class)
        .served(ServedVersion.of("v1alpha", JenkinsService.class, unused())).storageVersion("v1alpha")
        .statusSubresource().build();
  }

  static ResourceType<Topping> topping() {
    return ResourceType.builder("restaurant.wukong.com", "Topping", "toppings", Topping.class).clusterScoped()
        .served(ServedVersion.of("v1beta1", Topping.class, unused())).storageVersion("v1beta1").build();
  }

  private static <H, V> KindConverter<H, V> unused() {
    return new KindConverter<>() {
      @Override
      public H toHub(V versioned) {
        throw new UnsupportedOperationException();
      }

      @Override
      public V fromHub(H hub) {
        throw new UnsupportedOperationException();
      }
    };
  }

  @Description("Foo says a message (v1).")
  public static final class FooV1 extends KubeObject {
    public Spec spec;

    public static final class Spec {
      @Description("The message.") @NotBlank @Size(max = 256) public String msg;
      public String msg1;
    }
  }

  @Description("Foo runs an image that says a message.")
  public static final class FooV2 extends KubeObject {
    @Description("What the Foo should be.") @NotNull @Valid public Spec spec;
    public Status status;

    public static final class Spec {
      @Description("Container image; defaults to nginx:latest.") @Default("nginx:latest") public String image;
      @NotNull @Valid public Config config;
      public Map<String, Integer> limits;
      public JsonNode extra;
    }

    @Description("The message configuration.")
    public static final class Config {
      @Description("The message.") @NotBlank @Size(max = 256) public String msg;
      public String msg1;
    }

    public static final class Status {
      @Enum({"Pending", "Running"}) public String phase;
      @Enum({"Ready", "Degraded"}) public List<String> signals;
      @PatchStrategy(value = "merge", mergeKey = "type") @ListType(value = "map", mapKeys = "type")
      public List<Condition> conditions;
    }
  }

  public static final class Condition {
    @NotBlank public String type;
    public String status;
    public String reason;
    public String message;
    @Description("When the condition last changed.") public Instant lastTransitionTime;
  }

  public static final class Fischer extends KubeObject {
    @Size(max = 16) public List<@Pattern(regexp = "[a-z0-9]([-a-z0-9]*[a-z0-9])?") String> disallowedFlunders;
  }

  public static final class Namespace extends KubeObject {
    public Spec spec;
    public Status status;

    public static final class Spec {
      @Default("[\"kubernetes\"]") public List<String> finalizers;
    }

    public static final class Status {
      public Phase phase;
    }

    public enum Phase { Active, Terminating }
  }

  public static final class JenkinsService extends KubeObject {
    public Spec spec;

    public static final class Spec {
      @JsonProperty("instanceamount") @NotNull @Min(1) @Max(10) public Integer instanceAmount;
      @Min(1) @Max(64) @Default("1") public int instancecpu;
      @JsonIgnore public String internalNote;
      public static final String IGNORED_CONSTANT = "x";
    }
  }

  public static final class Topping extends KubeObject {
    public Spec spec;

    /** A record spec, to show records are read through their components. */
    public record Spec(@NotNull @Positive BigDecimal cost, @Default("0") Long version) {}
  }
}
