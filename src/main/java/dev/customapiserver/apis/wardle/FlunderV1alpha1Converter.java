package dev.customapiserver.apis.wardle;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;
import java.util.LinkedHashMap;

/**
 * Flunder v1alpha1 to and from the hub. {@code reference} is the hub's {@code fischerReference} when
 * {@code referenceType} is Fischer, else its {@code flunderReference}. The other hub reference, which
 * v1alpha1 cannot hold (only an invalid hub object has it), rides in the annotation
 * {@value #OTHER_REFERENCE_ANNOTATION} so that hub → v1alpha1 → hub loses nothing.
 */
public final class FlunderV1alpha1Converter implements KindConverter<Flunder, FlunderV1alpha1> {
  public static final String OTHER_REFERENCE_ANNOTATION = "wardle.example.com/v1beta1-other-reference";

  @Override
  public Flunder toHub(FlunderV1alpha1 v) {
    Flunder h = new Flunder();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    String other = take(h.metadata);
    String type = v.spec == null ? null : v.spec.referenceType;
    String reference = v.spec == null ? null : v.spec.reference;
    h.spec.referenceType = type;
    if (Flunder.FISCHER.equals(type)) {
      h.spec.fischerReference = reference;
      h.spec.flunderReference = other;
    } else {
      h.spec.flunderReference = reference;
      h.spec.fischerReference = other;
    }
    h.status = v.status == null ? null : new Flunder.Status();
    return h;
  }

  @Override
  public FlunderV1alpha1 fromHub(Flunder h) {
    FlunderV1alpha1 v = new FlunderV1alpha1();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.spec = new FlunderV1alpha1.Spec();
    v.spec.referenceType = h.spec.referenceType;
    boolean fischer = Flunder.FISCHER.equals(h.spec.referenceType);
    v.spec.reference = fischer ? h.spec.fischerReference : h.spec.flunderReference;
    String other = fischer ? h.spec.flunderReference : h.spec.fischerReference;
    if (other != null) {
      if (v.metadata.annotations == null) {
        v.metadata.annotations = new LinkedHashMap<>();
      }
      v.metadata.annotations.put(OTHER_REFERENCE_ANNOTATION, other);
    }
    v.status = h.status == null ? null : new FlunderV1alpha1.Status();
    return v;
  }

  /** Removes the carried reference from metadata the caller owns. */
  private static String take(ObjectMeta meta) {
    if (meta.annotations == null || !meta.annotations.containsKey(OTHER_REFERENCE_ANNOTATION)) {
      return null;
    }
    String v = meta.annotations.remove(OTHER_REFERENCE_ANNOTATION);
    if (meta.annotations.isEmpty()) {
      meta.annotations = null;
    }
    return v;
  }
}
