package dev.customapiserver.admission;

/**
 * A {@link Lister} could not sync in time (its cache did not fill or catch up within its bounded
 * wait). The admission chain answers the request with 403 Forbidden "not yet ready to handle
 * request", as kube-apiserver does for a plugin whose informers have not synced.
 */
public final class NotReadyException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public NotReadyException(String message) {
    super(message);
  }
}
