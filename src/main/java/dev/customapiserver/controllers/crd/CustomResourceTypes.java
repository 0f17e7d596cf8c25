package dev.customapiserver.controllers.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import java.util.Map;

/** What the server serves for an accepted CustomResourceDefinition: a resource type of {@link Unstructured} objects. */
final class CustomResourceTypes {
  /** The verbs kube's CRD discovery controller lists for a custom resource, in its (not alphabetical) order. */
  static final String[] VERBS = {"delete", "deletecollection", "get", "list", "patch", "create", "update", "watch"};
  /** As kube's CRD discovery: a Terminating definition's resource can only be read and deleted. */
  static final String[] TERMINATING_VERBS = {"delete", "deletecollection", "get", "list", "watch"};

  private CustomResourceTypes() {}

  /**
   * The resource type of {@code crd} under its accepted names: every served version (and the
   * storage version, stored only when it has {@code served: false}) as a copy of the same unstructured object pruned and defaulted by the version's
   * schema (also on read), the status and scale subresources when a version has them, the printer
   * columns of each version ({@link CustomResourceColumns}) and the warning of deprecated versions.
   */
  static ResourceType<Unstructured> of(CustomResourceDefinition crd, CustomResourceDefinition.Names names,
      Conversions conversions) {
    CustomResourceDefinition.Spec spec = crd.spec;
    boolean status = spec.versions.stream().anyMatch(v -> (v.serves() || v.stores()) && v.hasStatus());
    Map<String, CustomResourceSchema> schemas = CustomResourceSchema.of(spec.versions);
    CustomResourceScale scale = CustomResourceScale.of(crd);
    boolean terminating = terminating(crd);
    ResourceType.Builder<Unstructured> b = ResourceType.builder(spec.group, names.kind, names.plural, Unstructured.class)
        .singular(names.singular)
        .listKind(names.listKind)
        .strategy(new CustomResourceStrategy(status, schemas, crd.storageVersion(),
            terminating ? new Errors.Resource(spec.group, names.plural) : null,
            scale));
    if (scale != null) {
      b.scaleSubresource(scale.subresource());
    }
    b.verbs(terminating ? TERMINATING_VERBS : VERBS);
    if (names.shortNames != null) {
      b.shortNames(names.shortNames.toArray(String[]::new));
    }
    if (names.categories != null) {
      b.categories(names.categories.toArray(String[]::new));
    }
    if ("Cluster".equals(spec.scope)) {
      b.clusterScoped();
    }
    if (status) {
      b.statusSubresource();
    }
    Conversions.PerVersion converters = conversions.of(crd, names.kind);
    CustomResourceColumns columns = new CustomResourceColumns();
    for (CustomResourceDefinition.Version v : spec.versions) {
      if (v.serves() || v.stores()) {
        CustomResourceSchema schema = schemas.get(v.name);
        ServedVersion<Unstructured, Unstructured> sv = ServedVersion.of(v.name, Unstructured.class,
                new ReadDefaulting(converters.forVersion(v.name), schema))
            .withColumnsOnly(columns.of(v))
            .withDefaulter(schema::pruneAndDefault).withDeprecationWarning(DeprecationWarnings.of(crd, v, spec.names.kind));
        if (v.serves()) {
          b.served(sv);
        } else {
          b.storedOnly(sv); // a storage version with served: false: stored in, not served (404, not discovered)
        }
        b.schema(v.name, schema.structural());
      }
    }
    for (CustomResourceDefinition.Version v : spec.versions) {
      if (v.stores() && v.selectableFields != null) {
        for (JsonNode f : v.selectableFields) {
          String path = f.path("jsonPath").asText("");
          if (!path.isEmpty()) {
            b.selectableField(path.startsWith(".") ? path.substring(1) : path, obj -> {
              Object value = cell(obj, path);
              return value == null ? null : String.valueOf(value);
            });
          }
        }
      }
    }
    return b.storageVersion(crd.storageVersion()).build();
  }

  /**
   * Whether the definition is Terminating as kube keys it (discovery and the create check alike): its
   * Terminating condition is True, not merely its deletionTimestamp set (the condition is set by the
   * delete and turns False once the objects are gone).
   */
  static boolean terminating(CustomResourceDefinition crd) {
    return crd.isTrue("Terminating");
  }

  /** The value at a simple JSON path ({@code .spec.cronSpec}), as a cell: text, number, boolean, or null. */
  static Object cell(Unstructured obj, String path) {
    String[] parts = path.startsWith(".") ? path.substring(1).split("\\.") : path.split("\\.");
    if (parts.length == 0 || parts[0].isEmpty()) {
      return null;
    }
    if (parts[0].equals("metadata")) {
      if (parts.length != 2) {
        return null;
      }
      return switch (parts[1]) {
        case "name" -> obj.metadata().name;
        case "namespace" -> obj.metadata().namespace;
        case "creationTimestamp" -> obj.metadata().creationTimestamp == null ? null : obj.metadata().creationTimestamp.toString();
        case "generation" -> obj.metadata().generation;
        default -> null;
      };
    }
    JsonNode n = obj.get(parts[0]);
    for (int i = 1; i < parts.length && n != null; i++) {
      n = n.get(parts[i]);
    }
    if (n == null || n.isNull() || n.isMissingNode()) {
      return null;
    }
    if (n.isNumber()) {
      return n.numberValue();
    }
    if (n.isBoolean()) {
      return n.booleanValue();
    }
    return n.isValueNode() ? n.asText() : n.toString();
  }
}
