package dev.customapiserver.api.errors;

import dev.customapiserver.api.meta.Status;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Builds {@link ApiException}s with kube-apiserver's codes, reasons and message wording.
 * {@code resource} arguments are qualified resources ({@code foos.hello.zeng.dev}, {@code namespaces}).
 */
public final class Errors {
  private Errors() {}

  /** A qualified resource, as errors name it: {@code foos.hello.zeng.dev}, or {@code namespaces} for core. */
  public record Resource(String group, String resource) {
    @Override
    public String toString() {
      return group == null || group.isEmpty() ? resource : resource + "." + group;
    }
  }

  /** A qualified kind, as Invalid names it: {@code Foo.hello.zeng.dev}, or {@code Namespace} for core. */
  public record Kind(String group, String kind) {
    @Override
    public String toString() {
      return group == null || group.isEmpty() ? kind : kind + "." + group;
    }
  }

  public static ApiException notFound(Resource r, String name) {
    return of(StatusReason.NOT_FOUND, r + " \"" + name + "\" not found", details(name, r.group, r.resource));
  }

  public static ApiException alreadyExists(Resource r, String name) {
    return of(StatusReason.ALREADY_EXISTS, r + " \"" + name + "\" already exists", details(name, r.group, r.resource));
  }

  /** The optimistic-concurrency conflict kubectl users know. */
  public static ApiException conflictModified(Resource r, String name) {
    return conflict(r, name, "the object has been modified; please apply your changes to the latest version and try again");
  }

  public static ApiException conflict(Resource r, String name, String why) {
    return of(StatusReason.CONFLICT, "Operation cannot be fulfilled on " + r + " \"" + name + "\": " + why,
        details(name, r.group, r.resource));
  }

  /**
   * 409 Conflict of a server-side apply: kube's {@code NewApplyConflict}, details carrying only the
   * causes (reason {@code FieldManagerConflict}, the manager in the message, the path in the field).
   */
  public static ApiException applyConflict(String message, List<Status.Cause> causes) {
    Status.Details d = new Status.Details();
    d.causes = causes;
    return of(StatusReason.CONFLICT, message, d);
  }

  /** 422 Invalid: {@code Foo.hello.zeng.dev "x" is invalid: [a, b]} with one cause per field error. */
  public static ApiException invalid(Kind k, String name, List<FieldError> errors) {
    String list = errors.size() == 1 ? errors.get(0).toString()
        : errors.stream().map(FieldError::toString).collect(Collectors.joining(", ", "[", "]"));
    String n = name == null ? "" : name; // kube prints a missing name as ""
    Status.Details d = details(n, k.group, k.kind);
    d.causes = errors.stream().map(e -> new Status.Cause(e.type().causeReason(), e.body(), e.field())).toList();
    return of(StatusReason.INVALID, k + " \"" + n + "\" is invalid: " + list, d);
  }

  public static ApiException badRequest(String message) {
    return of(StatusReason.BAD_REQUEST, message, null);
  }

  /**
   * 422 Invalid without field causes, as kube-apiserver answers a request it understood but cannot
   * process (e.g. a strategic merge patch with lists of lists): the message is kube's generic one.
   */
  public static ApiException unprocessableEntity() {
    return of(StatusReason.INVALID, "the server rejected our request due to an error in our request", new Status.Details());
  }

  /**
   * kube's generic 422 for a request the server could not process, with the reason in one cause of
   * type {@code UnexpectedServerResponse} (e.g. a JSON patch that does not apply: {@code testing
   * value /spec/x failed: test failed}).
   */
  public static ApiException unprocessableEntity(String serverMessage) {
    Status.Details d = new Status.Details();
    d.causes = List.of(new Status.Cause("UnexpectedServerResponse", serverMessage, null));
    return of(StatusReason.INVALID, "the server rejected our request due to an error in our request", d);
  }

  /** 403 about one object: {@code foos.hello.zeng.dev "x" is forbidden: why}. */
  public static ApiException forbidden(Resource r, String name, String why) {
    String subject = name == null || name.isEmpty() ? r.toString() : r + " \"" + name + "\"";
    return of(StatusReason.FORBIDDEN, subject + " is forbidden: " + why, details(name, r.group, r.resource));
  }

  public static ApiException unauthorized() {
    return of(StatusReason.UNAUTHORIZED, "Unauthorized", null);
  }

  public static ApiException methodNotAllowed() {
    return of(StatusReason.METHOD_NOT_ALLOWED, "the server does not allow this method on the requested resource", null);
  }

  public static ApiException pathNotFound() {
    return of(StatusReason.NOT_FOUND, "the server could not find the requested resource", new Status.Details());
  }

  public static ApiException unsupportedMediaType(String contentType, List<String> accepted) {
    return of(StatusReason.UNSUPPORTED_MEDIA_TYPE, "the body of the request was in an unknown format - accepted media types include: "
        + String.join(", ", accepted), null);
  }

  public static ApiException notAcceptable(List<String> accepted) {
    return of(StatusReason.NOT_ACCEPTABLE, "only the following media types are accepted: " + String.join(", ", accepted), null);
  }

  public static ApiException requestEntityTooLarge(long limit) {
    return of(StatusReason.REQUEST_ENTITY_TOO_LARGE, "Request entity too large: limit is " + limit, null);
  }

  public static ApiException expired(String message) {
    return of(StatusReason.EXPIRED, message, null);
  }

  /**
   * 410 Expired for a continue token whose revision is gone, with kube-apiserver's message and, in
   * {@code metadata.continue}, a token continuing from the same key at the current revision.
   */
  public static ApiException expiredContinue(String freshContinue) {
    ApiException e = of(StatusReason.EXPIRED, "The provided continue parameter is too old to display a consistent list result."
        + " You can start a new list without the continue parameter, or use the continue token in this response to"
        + " retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list"
        + " - objects that were created, modified, or deleted between the time the first chunk was returned and now"
        + " may show up in the list.", null);
    e.status().metadata.continueToken = freshContinue;
    return e;
  }

  public static ApiException tooManyRequests(String message, int retryAfterSeconds) {
    Status.Details d = new Status.Details();
    d.retryAfterSeconds = retryAfterSeconds;
    return of(StatusReason.TOO_MANY_REQUESTS, message, d);
  }

  public static ApiException serviceUnavailable(String message) {
    return of(StatusReason.SERVICE_UNAVAILABLE, message, null);
  }

  /** 504 Timeout with a retry hint; the message reads "Timeout: {@code message}", as kube's NewTimeoutError. */
  public static ApiException timeout(String message, int retryAfterSeconds) {
    Status.Details d = new Status.Details();
    d.retryAfterSeconds = retryAfterSeconds > 0 ? retryAfterSeconds : null; // omitted at 0, as Go's omitempty
    return of(StatusReason.TIMEOUT, "Timeout: " + message, d);
  }

  /**
   * 504 for a resourceVersion newer than the storage's ("Too large resource version: 9, current: 5"),
   * with kube's ResourceVersionTooLarge cause: client-go's reflector looks for it to list again
   * without a resourceVersion.
   */
  public static ApiException tooLargeResourceVersion(String message, int retryAfterSeconds) {
    Status.Details d = new Status.Details();
    d.retryAfterSeconds = retryAfterSeconds > 0 ? retryAfterSeconds : null;
    d.causes = List.of(new Status.Cause("ResourceVersionTooLarge", "Too large resource version", null));
    return of(StatusReason.TIMEOUT, "Timeout: " + message, d);
  }

  /** 500; the message names what failed, never a stack trace. */
  public static ApiException internal(String what, Throwable cause) {
    Status.Details d = new Status.Details();
    d.causes = List.of(new Status.Cause(null, what, null));
    Status s = status(StatusReason.INTERNAL_ERROR, "Internal error occurred: " + what, d);
    return new ApiException(s, cause);
  }

  /**
   * An error rendering a Status received from elsewhere as is (e.g. the one an admission webhook
   * denied with). The caller sanitizes it: code, reason and message must be set.
   */
  public static ApiException fromStatus(Status received) {
    return new ApiException(received, null);
  }

  private static Status.Details details(String name, String group, String kind) {
    Status.Details d = new Status.Details();
    d.name = name == null || name.isEmpty() ? null : name;
    d.group = group == null || group.isEmpty() ? null : group;
    d.kind = kind;
    return d;
  }

  private static ApiException of(StatusReason reason, String message, Status.Details details) {
    return new ApiException(status(reason, message, details), null);
  }

  private static Status status(StatusReason reason, String message, Status.Details details) {
    Status s = new Status();
    s.status = Status.FAILURE;
    s.message = message;
    s.reason = reason.wire();
    s.details = details;
    s.code = reason.code();
    return s;
  }
}
