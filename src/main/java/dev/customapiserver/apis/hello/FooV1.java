package dev.customapiserver.apis.hello;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * Foo as served in {@code hello.zeng.dev/v1}. It has no image and no status: those travel in the
 * annotations {@value FooV1Converter#IMAGE_ANNOTATION} and {@value FooV1Converter#STATUS_ANNOTATION}.
 */
@Description("Foo is a hello-world resource with a message.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class FooV1 extends KubeObject {
  @Description("Desired state of the Foo.")
  @Valid public Spec spec;

  /** Desired state. */
  @Description("FooSpec is the desired state of a Foo.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    @Description("The message. Required, at most 256 characters.")
    @NotBlank @Size(max = 256) public String msg;
    @Description("A second, optional message.")
    public String msg1;
  }
}
