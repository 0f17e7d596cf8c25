package dev.customapiserver.apis.wardle;

/** Defaulting of Flunder request bodies, per version. */
public final class FlunderDefaults {
  private FlunderDefaults() {}

  /** v1alpha1: {@code referenceType} is Flunder when a reference is set and the type is empty. */
  public static void v1alpha1(FlunderV1alpha1 f) {
    if (f.spec != null && f.spec.reference != null && !f.spec.reference.isEmpty()
        && (f.spec.referenceType == null || f.spec.referenceType.isEmpty())) {
      f.spec.referenceType = Flunder.FLUNDER;
    }
  }
}
