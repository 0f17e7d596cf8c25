package dev.customapiserver.apis.authentication;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;

/** {@code SelfSubjectReview}: the server tells the requester who it thinks they are ({@code kubectl auth whoami}). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class SelfSubjectReviewV1 extends KubeObject {
  public Status status;

  /** What the server knows of the requester. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Status {
    public UserInfoV1 userInfo;
  }
}
