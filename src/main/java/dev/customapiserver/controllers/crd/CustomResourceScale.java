package dev.customapiserver.controllers.crd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.LongNode;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;
import dev.customapiserver.runtime.ScaleSubresource;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * A definition's {@code subresources.scale}: where the desired replicas, the observed replicas and
 * the label selector live in its objects, the {@code scale} subresource made of them, and kube's
 * checks of those fields on every write ({@code .spec.replicas: Invalid value: -1: should be a
 * non-negative integer}).
 */
final class CustomResourceScale {
  private static final long MAX_INT32 = Integer.MAX_VALUE;
  private final String specReplicasPath;
  private final String statusReplicasPath;
  private final String labelSelectorPath;

  private CustomResourceScale(String specReplicasPath, String statusReplicasPath, String labelSelectorPath) {
    this.specReplicasPath = specReplicasPath;
    this.statusReplicasPath = statusReplicasPath;
    this.labelSelectorPath = labelSelectorPath;
  }

  /**
   * The scale of the storage version, else of the first served version that has one; null when
   * none has (or its paths are unusable: the definition's validation refuses them).
   */
  static CustomResourceScale of(CustomResourceDefinition crd) {
    JsonNode scale = null;
    for (CustomResourceDefinition.Version v : crd.spec.versions) {
      JsonNode s = v.subresources == null ? null : v.subresources.get("scale");
      if (s != null && s.isObject() && (v.stores() || (scale == null && v.serves()))) {
        scale = s;
      }
    }
    if (scale == null) {
      return null;
    }
    String spec = scale.path("specReplicasPath").asText("");
    String status = scale.path("statusReplicasPath").asText("");
    String selector = scale.path("labelSelectorPath").asText("");
    if (!spec.startsWith(".spec.") || !status.startsWith(".status.")) {
      return null;
    }
    return new CustomResourceScale(spec, status, selector.isEmpty() ? null : selector);
  }

  /** The {@code scale} subresource: autoscaling/v1 Scale read from and written to the paths. */
  ScaleSubresource<Unstructured> subresource() {
    return new ScaleSubresource<>(
        obj -> toInt(read(() -> NestedFields.int64(obj, specReplicasPath))),
        (obj, n) -> NestedFields.set(obj, specReplicasPath, LongNode.valueOf(n)),
        obj -> toInt(read(() -> NestedFields.int64(obj, statusReplicasPath))),
        obj -> labelSelectorPath == null ? null : read(() -> NestedFields.string(obj, labelSelectorPath)),
        specReplicasPath);
  }

  private static Integer toInt(Long v) {
    return v == null ? null : (int) v.longValue(); // Go's int32(v)
  }

  private static <T> T read(Supplier<T> field) {
    try {
      return field.get();
    } catch (NestedFields.AccessorException e) {
      throw Errors.internal(e.getMessage(), null);
    }
  }

  /** kube's ValidateScaleSpec: the desired replicas, when set, an integer within 0..2^31-1. */
  List<FieldError> validateSpec(Unstructured obj) {
    List<FieldError> errors = new ArrayList<>();
    replicas(errors, obj, specReplicasPath);
    return errors;
  }

  /** kube's ValidateScaleStatus: the observed replicas as the desired ones, the selector a string. */
  List<FieldError> validateStatus(Unstructured obj) {
    List<FieldError> errors = new ArrayList<>();
    replicas(errors, obj, statusReplicasPath);
    if (labelSelectorPath != null) {
      try {
        NestedFields.string(obj, labelSelectorPath);
      } catch (NestedFields.AccessorException e) {
        errors.add(FieldError.invalid(labelSelectorPath, "", e.getMessage()));
      }
    }
    return errors;
  }

  private static void replicas(List<FieldError> errors, Unstructured obj, String path) {
    Long n;
    try {
      n = NestedFields.int64(obj, path);
    } catch (NestedFields.AccessorException e) {
      errors.add(FieldError.invalid(path, 0, e.getMessage()));
      return;
    }
    if (n == null) {
      return;
    }
    if (n < 0) {
      errors.add(FieldError.invalid(path, n, "should be a non-negative integer"));
    } else if (n > MAX_INT32) {
      errors.add(FieldError.invalid(path, n, "should be less than or equal to " + MAX_INT32));
    }
  }
}
