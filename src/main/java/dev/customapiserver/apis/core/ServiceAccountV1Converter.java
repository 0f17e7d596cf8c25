package dev.customapiserver.apis.core;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;
import java.util.List;

/** ServiceAccount v1 to and from the hub: the same shape, copied. */
public final class ServiceAccountV1Converter implements KindConverter<ServiceAccount, ServiceAccountV1> {

  @Override
  public ServiceAccount toHub(ServiceAccountV1 v) {
    ServiceAccount h = new ServiceAccount();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    h.secrets = v.secrets == null ? null : v.secrets.stream().map(ObjectReference::copy).toList();
    h.imagePullSecrets = pullSecrets(v.imagePullSecrets);
    h.automountServiceAccountToken = v.automountServiceAccountToken;
    return h;
  }

  @Override
  public ServiceAccountV1 fromHub(ServiceAccount h) {
    ServiceAccountV1 v = new ServiceAccountV1();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.secrets = h.secrets == null ? null : h.secrets.stream().map(ObjectReference::copy).toList();
    v.imagePullSecrets = pullSecrets(h.imagePullSecrets);
    v.automountServiceAccountToken = h.automountServiceAccountToken;
    return v;
  }

  private static List<LocalObjectReference> pullSecrets(List<LocalObjectReference> l) {
    return l == null ? null : l.stream().map(LocalObjectReference::copy).toList();
  }
}
