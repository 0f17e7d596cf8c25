package dev.customapiserver.controllers.crd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;
import dev.customapiserver.schema.StructuralSchema;
import dev.customapiserver.schema.cel.CelValidator;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One version's structural schema applied to custom objects as kube-apiserver applies it: unknown
 * fields pruned and defaults set on every decoded body, the object validated on every write.
 * Without a schema (none given, or one the schema model refuses) objects are kept as given.
 */
final class CustomResourceSchema {
  private final StructuralSchema schema;
  private final CelValidator rules;

  CustomResourceSchema(JsonNode openApiV3Schema) {
    StructuralSchema s = null;
    if (openApiV3Schema != null && !openApiV3Schema.isNull()) {
      try {
        s = StructuralSchema.fromOpenApiV3(openApiV3Schema);
      } catch (RuntimeException e) {
        s = null; // a CRD written before its schema was checked: served as given
      }
    }
    this.schema = s;
    this.rules = s == null ? null : CelValidator.of(s);
  }

  /** The structural schema, or null when the version has none the schema model accepts. */
  StructuralSchema structural() {
    return schema;
  }

  /** Prunes unknown fields and sets defaults, in place (what a decoded request body goes through). */
  void pruneAndDefault(Unstructured obj) {
    if (schema == null) {
      return;
    }
    ObjectNode root = tree(obj);
    schema.prune(root);
    schema.applyDefaults(root);
    for (String field : List.copyOf(obj.content().keySet())) {
      obj.remove(field);
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!e.getKey().equals("apiVersion") && !e.getKey().equals("kind") && !e.getKey().equals("metadata")) {
        obj.set(e.getKey(), e.getValue());
      }
    }
  }

  /**
   * kube's field errors of the object ({@code old} null on create), in its order: the schema's (on
   * update ratcheted: only those of changed values, see {@link StructuralSchema#validateUpdate}), the
   * list-type set and map duplicates (on update only when the old object had none, as kube ratchets
   * them), then the CEL rules'.
   */
  List<FieldError> validate(Unstructured obj, Unstructured old) {
    return validate(obj, old, w -> {});
  }

  /** As {@link #validate(Unstructured, Unstructured)}; the failures of rules ratcheted on update go to {@code warnings}, as kube's. */
  List<FieldError> validate(Unstructured obj, Unstructured old, Consumer<String> warnings) {
    if (schema == null) {
      return List.of();
    }
    ObjectNode tree = tree(obj);
    ObjectNode oldTree = old == null ? null : tree(old);
    List<FieldError> errors = new ArrayList<>(oldTree == null ? schema.validate(tree) : schema.validateUpdate(tree, oldTree));
    if (oldTree == null || schema.validateListSetsAndMaps(oldTree).isEmpty()) {
      errors.addAll(schema.validateListSetsAndMaps(tree));
    }
    return rules.validateAfter(errors, tree, oldTree, warnings);
  }

  private static ObjectNode tree(Unstructured obj) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    if (obj.apiVersion != null) {
      root.put("apiVersion", obj.apiVersion);
    }
    if (obj.kind != null) {
      root.put("kind", obj.kind);
    }
    ObjectNode meta = root.putObject("metadata");
    if (obj.metadata().name != null) {
      meta.put("name", obj.metadata().name);
    }
    if (obj.metadata().namespace != null) {
      meta.put("namespace", obj.metadata().namespace);
    }
    if (obj.metadata().generateName != null) {
      meta.put("generateName", obj.metadata().generateName);
    }
    obj.content().forEach((k, v) -> root.set(k, v.deepCopy()));
    return root;
  }

  /** The versions' schemas by version name. */
  static Map<String, CustomResourceSchema> of(List<CustomResourceDefinition.Version> versions) {
    Map<String, CustomResourceSchema> m = new LinkedHashMap<>();
    for (var v : versions) {
      m.put(v.name, new CustomResourceSchema(v.openApiV3Schema()));
    }
    return m;
  }

}
