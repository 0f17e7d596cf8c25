package dev.customapiserver.storage.kv;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.Preconditions;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;

/** Checks a write's preconditions against the current object's uid and resourceVersion. */
public final class PreconditionCheck {
  private PreconditionCheck() {}

  /** @throws StorageException PRECONDITION_FAILED worded as kube-apiserver's */
  public static void check(Preconditions p, ObjectKey key, String uid, long resourceVersion) {
    if (p == null) {
      return;
    }
    if (p.uid() != null && !p.uid().equals(uid)) {
      throw new StorageException(Reason.PRECONDITION_FAILED, key,
          "Precondition failed: UID in precondition: " + p.uid() + ", UID in object meta: " + uid);
    }
    String rv = Long.toString(resourceVersion);
    if (p.resourceVersion() != null && !p.resourceVersion().equals(rv)) {
      throw new StorageException(Reason.PRECONDITION_FAILED, key, "Precondition failed: ResourceVersion in "
          + "precondition: " + p.resourceVersion() + ", ResourceVersion in object meta: " + rv);
    }
  }
}
