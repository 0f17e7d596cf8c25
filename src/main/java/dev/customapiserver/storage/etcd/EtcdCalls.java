package dev.customapiserver.storage.etcd;

import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import io.etcd.jetcd.common.exception.CompactedException;
import io.etcd.jetcd.common.exception.EtcdException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits for etcd's answers and translates its failures into {@link StorageException}s. */
final class EtcdCalls {
  private final Duration timeout;

  EtcdCalls(Duration timeout) {
    this.timeout = timeout;
  }

  <T> T await(CompletableFuture<T> call) {
    try {
      return call.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      call.cancel(true);
      throw new StorageException(Reason.UNAVAILABLE, null, "interrupted waiting for etcd", e);
    } catch (TimeoutException e) {
      call.cancel(true);
      throw new StorageException(Reason.UNAVAILABLE, null, "etcd did not answer within " + timeout.toMillis() + " ms", e);
    } catch (ExecutionException e) {
      throw translate(e.getCause());
    }
  }

  /** EXPIRED for a compacted revision, TOO_LARGE_RESOURCE_VERSION for a future one, else UNAVAILABLE. */
  static StorageException translate(Throwable cause) {
    if (cause instanceof StorageException s) {
      return s;
    }
    String message = String.valueOf(cause.getMessage()).toLowerCase(Locale.ROOT);
    if (cause instanceof CompactedException || message.contains("required revision has been compacted")) {
      return new StorageException(Reason.EXPIRED, null, "etcd: " + cause.getMessage(), cause);
    }
    if (message.contains("required revision is a future revision")) {
      return new StorageException(Reason.TOO_LARGE_RESOURCE_VERSION, null, "etcd: " + cause.getMessage(), cause);
    }
    String code = cause instanceof EtcdException ee ? ee.getErrorCode() + ": " : "";
    return new StorageException(Reason.UNAVAILABLE, null, "etcd failed: " + code + cause.getMessage(), cause);
  }
}
