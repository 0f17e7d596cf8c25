package dev.customapiserver.registry;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.storage.StorageException;

/** The boundary where storage failures become API errors. */
final class StorageErrors {
  private StorageErrors() {}

  static ApiException translate(StorageException e, GroupResource gr, String name) {
    String n = e.key() != null ? e.key().name() : name;
    return switch (e.reason()) {
      case NOT_FOUND -> Errors.notFound(gr.qualified(), n);
      case ALREADY_EXISTS -> Errors.alreadyExists(gr.qualified(), n);
      case PRECONDITION_FAILED -> Errors.conflict(gr.qualified(), n, "Precondition failed: " + e.getMessage());
      case EXPIRED -> e.freshContinue() != null ? Errors.expiredContinue(e.freshContinue()) : Errors.expired(e.getMessage());
      case INVALID_ARGUMENT -> Errors.badRequest(e.getMessage());
      case TOO_LARGE_RESOURCE_VERSION -> Errors.tooLargeResourceVersion(e.getMessage(), 1);
      case UNAVAILABLE -> Errors.serviceUnavailable("storage is unavailable: " + e.getMessage());
    };
  }
}
