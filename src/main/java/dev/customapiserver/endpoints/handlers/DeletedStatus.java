package dev.customapiserver.endpoints.handlers;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.runtime.ResourceType;

/**
 * The answer to a DELETE that removed an object, for kinds that do not return the deleted object:
 * kube-apiserver's {@code Status} of {@code Success} without code or message, whose details carry
 * the name, the group (when not the core group), the resource's plural name as {@code kind} (kube
 * puts the resource there) and the uid, so a client can tell the object is gone and which it was.
 */
final class DeletedStatus {
  private DeletedStatus() {}

  static Status of(ResourceType<?> type, KubeObject deleted) {
    Status s = new Status();
    s.status = Status.SUCCESS;
    Status.Details d = new Status.Details();
    d.name = deleted.metadata().name;
    d.group = type.group().isEmpty() ? null : type.group();
    d.kind = type.plural();
    d.uid = deleted.metadata().uid;
    s.details = d;
    return s;
  }
}
