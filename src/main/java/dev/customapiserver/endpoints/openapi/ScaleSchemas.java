package dev.customapiserver.endpoints.openapi;

import dev.customapiserver.api.autoscaling.Scale;

/** The {@code autoscaling/v1} Scale schemas as kube publishes them, in documents of group-versions with a scale subresource. */
final class ScaleSchemas {
  static final String PREFIX = "io.k8s.api.autoscaling.v1.";
  static final String SCALE = PREFIX + "Scale";

  private ScaleSchemas() {}

  /** Defines Scale, ScaleSpec and ScaleStatus in {@code types} (once); returns the name of Scale. */
  static String define(TypeSchemas types) {
    types.adopt(PREFIX + "ScaleSpec", KubeSchemas.get(PREFIX + "ScaleSpec"), Scale.Spec.class);
    types.adopt(PREFIX + "ScaleStatus", KubeSchemas.get(PREFIX + "ScaleStatus"), Scale.Status.class);
    types.adopt(SCALE, KubeSchemas.get(SCALE), Scale.class);
    return SCALE;
  }
}
