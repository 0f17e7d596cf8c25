package dev.customapiserver.controllers.crd;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.runtime.GroupVersion;
import dev.customapiserver.runtime.ResourceStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * kube's custom resource strategy: with the status subresource, a create drops {@code status} and
 * an update of the main resource keeps the stored one (status is written through {@code /status});
 * every write is validated against the schema of the object's version (the storage version's when
 * the object names none).
 */
final class CustomResourceStrategy implements ResourceStrategy<Unstructured> {
  private final boolean statusSubresource;
  private final Map<String, CustomResourceSchema> schemas;
  private final String storageVersion;
  private final Errors.Resource terminating;
  private final CustomResourceScale scale;

  /**
   * With the scale subresource's paths ({@code scale} null: none), checked on every write as kube
   * does; {@code terminating} is the resource while its definition is Terminating, else null.
   */
  CustomResourceStrategy(boolean statusSubresource, Map<String, CustomResourceSchema> schemas, String storageVersion,
      Errors.Resource terminating, CustomResourceScale scale) {
    this.scale = scale;
    this.statusSubresource = statusSubresource;
    this.terminating = terminating;
    this.schemas = schemas;
    this.storageVersion = storageVersion;
  }

  private CustomResourceSchema schemaOf(Unstructured obj) {
    String version = storageVersion;
    if (obj.apiVersion != null && obj.apiVersion.contains("/")) {
      version = GroupVersion.parse(obj.apiVersion).version();
    }
    CustomResourceSchema s = schemas.get(version);
    return s != null ? s : schemas.get(storageVersion);
  }

  @Override
  public List<FieldError> validate(Unstructured obj) {
    return validate(obj, null, w -> {});
  }

  private List<FieldError> validate(Unstructured obj, Unstructured old, Consumer<String> warnings) {
    List<FieldError> errors = new ArrayList<>(validateSchema(obj, old, warnings));
    if (scale != null) {
      errors.addAll(scale.validateSpec(obj));
      errors.addAll(scale.validateStatus(obj));
    }
    return errors;
  }

  /** The schema's and its CEL rules' errors ({@code old} null on create); ratcheted rule failures go to {@code warnings}. */
  private List<FieldError> validateSchema(Unstructured obj, Unstructured old, Consumer<String> warnings) {
    CustomResourceSchema s = schemaOf(obj);
    return s == null ? List.of() : s.validate(obj, old, warnings);
  }

  @Override
  public List<FieldError> validateUpdate(Unstructured newObj, Unstructured oldObj) {
    return validate(newObj, oldObj, w -> {});
  }

  @Override
  public List<FieldError> validateUpdate(Unstructured newObj, Unstructured oldObj, Consumer<String> warnings) {
    return validate(newObj, oldObj, warnings);
  }

  @Override
  public List<FieldError> validateStatusUpdate(Unstructured newObj, Unstructured oldObj) {
    return validateStatusUpdate(newObj, oldObj, w -> {});
  }

  @Override
  public List<FieldError> validateStatusUpdate(Unstructured newObj, Unstructured oldObj, Consumer<String> warnings) {
    List<FieldError> errors = new ArrayList<>(validateSchema(newObj, oldObj, warnings));
    if (scale != null) {
      errors.addAll(scale.validateStatus(newObj));
    }
    return errors;
  }

  /** As kube's custom resource store: a DELETE that removes the object answers with a Status. */
  @Override
  public boolean returnsDeletedObject() {
    return false;
  }

  @Override
  public void prepareForCreate(Unstructured obj) {
    if (terminating != null) { // kube 1.36 refuses it in admission, naming the object
      throw Errors.forbidden(terminating, obj.metadata().name, "create not allowed while custom resource definition is terminating");
    }
    if (statusSubresource) {
      obj.remove("status");
    }
  }

  @Override
  public void prepareForUpdate(Unstructured newObj, Unstructured oldObj) {
    if (statusSubresource) {
      newObj.remove("status");
      if (oldObj.get("status") != null) {
        newObj.set("status", oldObj.get("status").deepCopy());
      }
    }
  }
}
