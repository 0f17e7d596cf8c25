package dev.customapiserver.api.meta;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/** metav1.Status: the body of every error response (and of some successful deletes). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"kind", "apiVersion", "metadata", "status", "message", "reason", "details", "code"})
public final class Status {
  public static final String FAILURE = "Failure";
  public static final String SUCCESS = "Success";

  public String kind = "Status";
  public String apiVersion = "v1";
  public ListMeta metadata = new ListMeta();
  public String status;
  public String message;
  public String reason;
  public Details details;
  public Integer code;

  /** metav1.StatusDetails. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"name", "group", "kind", "uid", "causes", "retryAfterSeconds"})
  public static final class Details {
    public String name;
    public String group;
    public String kind;
    public String uid;
    public List<Cause> causes;
    public Integer retryAfterSeconds;
  }

  /** metav1.StatusCause. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"reason", "message", "field"})
  public record Cause(String reason, String message, String field) {}
}
