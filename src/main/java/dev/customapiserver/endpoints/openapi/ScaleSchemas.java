package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.autoscaling.Scale;

/** The {@code autoscaling/v1} Scale schemas, in documents of group-versions with a scale subresource. */
final class ScaleSchemas {
  static final String PREFIX = "io.k8s.api.autoscaling.v1.";
  static final String SCALE = PREFIX + "Scale";

  private ScaleSchemas() {}

  /** Defines Scale, ScaleSpec and ScaleStatus in {@code types} (once); returns the name of Scale. */
  static String define(TypeSchemas types) {
    types.define(Scale.Spec.class, PREFIX + "ScaleSpec").put("description",
        "ScaleSpec describes the attributes of a scale subresource.");
    types.define(Scale.Status.class, PREFIX + "ScaleStatus").put("description",
        "ScaleStatus represents the current status of a scale subresource.");
    ObjectNode scale = types.define(Scale.class, SCALE);
    scale.put("description", "Scale represents a scaling request for a resource.");
    Kinds.gvkArray(scale, "autoscaling", "v1", Scale.KIND);
    return SCALE;
  }
}
