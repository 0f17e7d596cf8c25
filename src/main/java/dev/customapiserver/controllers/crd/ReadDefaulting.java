package dev.customapiserver.controllers.crd;

import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.runtime.KindConverter;
import java.util.List;

/**
 * A version's conversion with kube's defaulting on read: every object converted to the version
 * (what get, list and watch answer, and what patches apply to) is pruned and defaulted by the
 * version's schema, as kube-apiserver's storage decoder does, so defaults added to a schema show on
 * objects stored before, without a write. The stored bytes change only when the object is next written.
 */
final class ReadDefaulting implements KindConverter<Unstructured, Unstructured> {
  private final KindConverter<Unstructured, Unstructured> conversion;
  private final CustomResourceSchema schema;

  ReadDefaulting(KindConverter<Unstructured, Unstructured> conversion, CustomResourceSchema schema) {
    this.conversion = conversion;
    this.schema = schema;
  }

  @Override
  public Unstructured toHub(Unstructured versioned) {
    return conversion.toHub(versioned);
  }

  @Override
  public Unstructured fromHub(Unstructured hub) {
    Unstructured v = conversion.fromHub(hub);
    schema.pruneAndDefault(v);
    return v;
  }

  @Override
  public List<Unstructured> fromHubs(List<Unstructured> hubs) {
    List<Unstructured> out = conversion.fromHubs(hubs);
    out.forEach(schema::pruneAndDefault);
    return out;
  }
}
