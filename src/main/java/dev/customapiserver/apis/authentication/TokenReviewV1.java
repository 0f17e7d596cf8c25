package dev.customapiserver.apis.authentication;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import java.util.List;

/** {@code TokenReview}: whether a bearer token authenticates here, and as whom. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class TokenReviewV1 extends KubeObject {
  public Spec spec;
  public Status status;

  /** The token to review. */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  public static final class Spec {
    public String token;
    public List<String> audiences;
  }

  /** The answer. */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  public static final class Status {
    public Boolean authenticated;
    public UserInfoV1 user;
    public List<String> audiences;
    public String error;
  }
}
