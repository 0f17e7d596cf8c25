package dev.customapiserver.webhookclient;

/**
 * A webhook could not be called or gave no usable answer; the message is worded as kube-apiserver's
 * Go client words it ({@code Post "https://...": context deadline exceeded}), for callers to prefix
 * with what they were doing.
 */
public final class WebhookCallException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public WebhookCallException(String message, Throwable cause) {
    super(message, cause, false, false);
  }

  public WebhookCallException(String message) {
    this(message, null);
  }
}
