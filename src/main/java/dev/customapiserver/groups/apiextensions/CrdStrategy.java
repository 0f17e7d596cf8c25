package dev.customapiserver.groups.apiextensions;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.apis.apiextensions.Conditions;
import dev.customapiserver.apis.apiextensions.CrdCopier;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;
import dev.customapiserver.groups.admissionregistration.ClientConfigValidation;
import dev.customapiserver.apis.admissionregistration.WebhookClientConfig;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.schema.StructuralSchema;
import dev.customapiserver.api.validation.NameRules;
import dev.customapiserver.runtime.ResourceStrategy;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * kube's CustomResourceDefinition rules: status cleared on create, {@code storedVersions} gaining the
 * storage version on every write, generation on spec changes (the store's), validation of the
 * names, scope and versions with kube's wording, group and plural immutable (scope and kind too once
 * Established), and a staged delete: Terminating with the {@code customresourcecleanup} finalizer
 * until the controller has deleted the custom objects.
 */
public final class CrdStrategy implements ResourceStrategy<CustomResourceDefinition> {
  static final List<String> SCOPES = List.of("Cluster", "Namespaced");
  /** The schema check (the schema model's, when present). */
  @FunctionalInterface
  interface SchemaCheck {
    /**
     * kube's errors for {@code schema} at {@code path}; {@code requirePrunedDefaults} false lets defaults keep
     * fields the schema would prune (an update of a definition that already had such defaults).
     */
    List<FieldError> check(JsonNode schema, String path, boolean requirePrunedDefaults);
  }

  private final SchemaCheck schemaCheck;
  private final CrdCopier copier = new CrdCopier();

  CrdStrategy(SchemaCheck schemaCheck) {
    this.schemaCheck = schemaCheck;
  }

  @Override
  public void prepareForCreate(CustomResourceDefinition obj) {
    obj.status = new CustomResourceDefinition.Status();
    obj.status.storedVersions = new ArrayList<>();
    addStorageVersion(obj);
  }

  @Override
  public void prepareForUpdate(CustomResourceDefinition newObj, CustomResourceDefinition oldObj) {
    newObj.status = oldObj.status == null ? null : copier.copyStatus(oldObj.status);
    addStorageVersion(newObj);
  }

  @Override
  public void prepareForStatusUpdate(CustomResourceDefinition newObj, CustomResourceDefinition oldObj) {
    if (newObj.status != null && newObj.status.storedVersions == null && oldObj.status != null) {
      newObj.status.storedVersions = oldObj.status.storedVersions;
    }
  }

  /** As kube's strategy: the first version marked as storage joins storedVersions (even if another is marked too). */
  private static void addStorageVersion(CustomResourceDefinition obj) {
    String storage = obj.spec == null || obj.spec.versions == null ? null
        : obj.spec.versions.stream().filter(CustomResourceDefinition.Version::stores).map(v -> v.name).findFirst().orElse(null);
    if (storage == null) {
      return;
    }
    if (obj.status == null) {
      obj.status = new CustomResourceDefinition.Status();
    }
    List<String> stored = obj.status.storedVersions == null ? new ArrayList<>() : new ArrayList<>(obj.status.storedVersions);
    if (!stored.contains(storage)) {
      stored.add(storage);
    }
    obj.status.storedVersions = stored;
  }

  /** Whether every version has the same schema (kube's conversion then holds one top-level schema). */
  private static boolean identicalSchemas(List<CustomResourceDefinition.Version> versions) {
    return !versions.isEmpty() && versions.get(0).openApiV3Schema() != null
        && versions.stream().allMatch(v -> versions.get(0).openApiV3Schema().equals(v.openApiV3Schema()));
  }

  @Override
  public List<FieldError> validate(CustomResourceDefinition obj) {
    return validate(obj, true);
  }

  private List<FieldError> validate(CustomResourceDefinition obj, boolean requirePrunedDefaults) {
    List<FieldError> errors = new ArrayList<>();
    CustomResourceDefinition.Spec spec = obj.spec == null ? new CustomResourceDefinition.Spec() : obj.spec;
    CustomResourceDefinition.Names names = spec.names == null ? new CustomResourceDefinition.Names() : spec.names;
    String expected = names.plural + "." + spec.group;
    if (!expected.equals(obj.metadata().name)) {
      errors.add(FieldError.invalid("metadata.name", obj.metadata().name, "must be spec.names.plural+\".\"+spec.group"));
    }
    if (spec.group == null || spec.group.isEmpty()) {
      errors.add(FieldError.required("spec.group", ""));
    } else if (!NameRules.dns1123Subdomain(spec.group).isEmpty()) {
      errors.add(FieldError.invalid("spec.group", spec.group, String.join(",", NameRules.dns1123Subdomain(spec.group))));
    } else if (spec.group.split("\\.").length < 2) {
      errors.add(FieldError.invalid("spec.group", spec.group, "should be a domain with at least one dot"));
    }
    if (spec.scope == null || spec.scope.isEmpty()) {
      errors.add(FieldError.required("spec.scope", ""));
    } else if (!SCOPES.contains(spec.scope)) {
      errors.add(FieldError.notSupported("spec.scope", spec.scope, SCOPES));
    }
    List<CustomResourceDefinition.Version> versions = spec.versions == null ? List.of() : spec.versions;
    int storage = 0;
    Set<String> seen = new HashSet<>();
    boolean unique = true;
    for (int i = 0; i < versions.size(); i++) {
      CustomResourceDefinition.Version v = versions.get(i);
      String name = Objects.toString(v.name, "");
      storage += v.stores() ? 1 : 0;
      unique &= seen.add(name);
      List<String> problems = CrdNames.dns1035Label(name);
      if (!problems.isEmpty()) {
        errors.add(FieldError.invalid("spec.versions[" + i + "].name", name, String.join(",", problems)));
      }
      if (v.openApiV3Schema() != null && !identicalSchemas(versions)) {
        errors.addAll(schemaCheck.check(v.openApiV3Schema(), "spec.versions[" + i + "].schema.openAPIV3Schema",
            requirePrunedDefaults));
      }
    }
    if (identicalSchemas(versions)) { // kube's v1 conversion hoists them to spec.validation, where it checks them once
      errors.addAll(schemaCheck.check(versions.get(0).openApiV3Schema(), "spec.validation.openAPIV3Schema",
          requirePrunedDefaults));
    }
    if (!unique) {
      errors.add(FieldError.invalid("spec.versions", new FieldError.Raw(versionList(versions)), "must contain unique version names"));
    }
    if (storage != 1) {
      errors.add(FieldError.invalid("spec.versions", new FieldError.Raw(versionList(versions)),
          "must have exactly one version marked as storage version"));
    }
    required(errors, "spec.names.plural", names.plural);
    required(errors, "spec.names.singular", names.singular);
    required(errors, "spec.names.kind", names.kind);
    required(errors, "spec.names.listKind", names.listKind);
    errors.addAll(validateNames(names, "spec.names"));
    errors.addAll(VersionFieldChecks.validate(versions));
    errors.addAll(SelectableFieldChecks.validate(versions));
    errors.addAll(validateConversion(spec));
    errors.addAll(validateStoredVersions(obj.status == null ? null : obj.status.storedVersions, versions));
    return errors;
  }

  /**
   * kube's ValidateCustomResourceDefinitionStoredVersions: at least one stored version, the storage
   * version among them, and every stored version still in spec.versions (its long message).
   */
  static List<FieldError> validateStoredVersions(List<String> stored, List<CustomResourceDefinition.Version> versions) {
    String path = "status.storedVersions";
    if (stored == null || stored.isEmpty()) {
      return List.of(FieldError.invalid(path, new FieldError.Raw("null"), "must have at least one stored version"));
    }
    List<FieldError> errors = new ArrayList<>();
    FieldError.Raw all = new FieldError.Raw(stored.stream().map(v -> "\"" + v + "\"").collect(Collectors.joining(",", "[", "]")));
    Set<String> left = new LinkedHashSet<>(stored);
    for (CustomResourceDefinition.Version v : versions) {
      if (v.stores() && !stored.contains(v.name)) {
        errors.add(FieldError.invalid(path, all, "must have the storage version " + v.name));
      }
      left.remove(v.name);
    }
    for (String v : left) {
      errors.add(FieldError.invalid(path + "[" + stored.lastIndexOf(v) + "]", v, "missing from spec.versions; " + v
          + " was previously a storage version, and must remain in spec.versions until a storage migration ensures no data "
          + "remains persisted in " + v + " and removes " + v + " from status.storedVersions"));
    }
    return errors;
  }

  private static String versionList(List<CustomResourceDefinition.Version> versions) {
    StringBuilder s = new StringBuilder("[]apiextensions.CustomResourceDefinitionVersion{");
    for (int i = 0; i < versions.size(); i++) {
      CustomResourceDefinition.Version v = versions.get(i);
      s.append(i == 0 ? "" : ", ").append("{Name:\"").append(Objects.toString(v.name, "")).append("\", Served:")
          .append(v.serves()).append(", Storage:").append(v.stores()).append("}");
    }
    return s.append("}").toString();
  }

  private static void required(List<FieldError> errors, String field, String value) {
    if (value == null || value.isEmpty()) {
      errors.add(FieldError.required(field, ""));
    }
  }

  static List<FieldError> validateNames(CustomResourceDefinition.Names names, String path) {
    List<FieldError> errors = new ArrayList<>();
    label(errors, path + ".plural", names.plural, "");
    label(errors, path + ".singular", names.singular, "");
    kindLike(errors, path + ".kind", names.kind);
    kindLike(errors, path + ".listKind", names.listKind);
    List<String> shortNames = names.shortNames == null ? List.of() : names.shortNames;
    for (int i = 0; i < shortNames.size(); i++) {
      label(errors, path + ".shortNames[" + i + "]", shortNames.get(i), "");
    }
    if (names.kind != null && !names.kind.isEmpty() && names.kind.equals(names.listKind)) {
      errors.add(FieldError.invalid(path + ".listKind", names.listKind, "kind and listKind may not be the same"));
    }
    List<String> categories = names.categories == null ? List.of() : names.categories;
    for (int i = 0; i < categories.size(); i++) {
      label(errors, path + ".categories[" + i + "]", categories.get(i), "");
    }
    return errors;
  }

  private static void label(List<FieldError> errors, String field, String value, String prefix) {
    if (value != null && !value.isEmpty()) {
      List<String> p = CrdNames.dns1035Label(value);
      if (!p.isEmpty()) {
        errors.add(FieldError.invalid(field, value, prefix + String.join(",", p)));
      }
    }
  }

  private static void kindLike(List<FieldError> errors, String field, String value) {
    if (value != null && !value.isEmpty() && !CrdNames.dns1035Label(value.toLowerCase(Locale.ROOT)).isEmpty()) {
      errors.add(FieldError.invalid(field, value, "may have mixed case, but should otherwise match: "
          + String.join(",", CrdNames.dns1035Label(value.toLowerCase(Locale.ROOT)))));
    }
  }

  /**
   * kube's checks of {@code spec.conversion}, with its field paths (those of its internal type:
   * {@code webhookClientConfig}, {@code conversionReviewVersions}).
   */
  private static List<FieldError> validateConversion(CustomResourceDefinition.Spec spec) {
    JsonNode conversion = spec.conversion;
    List<FieldError> errs = new ArrayList<>();
    if (conversion == null || conversion.isNull()) {
      return errs;
    }
    String strategy = conversion.path("strategy").asText("");
    if (!strategy.equals("None") && Boolean.TRUE.equals(spec.preserveUnknownFields)) {
      errs.add(FieldError.invalid("spec.conversion.strategy", strategy, "must be None if spec.preserveUnknownFields is true"));
    }
    if (strategy.isEmpty()) {
      errs.add(FieldError.required("spec.conversion.strategy", ""));
    } else if (!strategy.equals("None") && !strategy.equals("Webhook")) {
      errs.add(FieldError.notSupported("spec.conversion.strategy", strategy, List.of("None", "Webhook")));
    }
    JsonNode webhook = conversion.path("webhook");
    JsonNode clientConfig = webhook.get("clientConfig");
    JsonNode reviewVersions = webhook.get("conversionReviewVersions");
    boolean hasClientConfig = clientConfig != null && !clientConfig.isNull();
    if (strategy.equals("Webhook")) {
      if (!hasClientConfig) {
        errs.add(FieldError.required("spec.conversion.webhookClientConfig", "required when strategy is set to Webhook"));
      } else {
        errs.addAll(ClientConfigValidation.validate(clientConfig(clientConfig), "spec.conversion.webhookClientConfig"));
      }
      errs.addAll(validateReviewVersions(reviewVersions));
    } else {
      if (hasClientConfig) {
        errs.add(FieldError.forbidden("spec.conversion.webhookClientConfig", "should not be set when strategy is not set to Webhook"));
      }
      if (reviewVersions != null && reviewVersions.size() > 0) {
        errs.add(FieldError.forbidden("spec.conversion.conversionReviewVersions", "should not be set when strategy is not set to Webhook"));
      }
    }
    return errs;
  }

  private static WebhookClientConfig clientConfig(JsonNode tree) {
    WebhookClientConfig cc = new WebhookClientConfig();
    cc.url = tree.hasNonNull("url") ? tree.get("url").asText() : null;
    cc.caBundle = tree.hasNonNull("caBundle") ? tree.get("caBundle").asText() : null;
    JsonNode s = tree.get("service");
    if (s != null && !s.isNull()) {
      cc.service = new WebhookClientConfig.ServiceReference();
      cc.service.name = s.path("name").asText(null);
      cc.service.namespace = s.path("namespace").asText(null);
      cc.service.path = s.path("path").asText(null);
      cc.service.port = s.hasNonNull("port") ? s.get("port").asInt() : null;
    }
    return cc;
  }

  private static List<FieldError> validateReviewVersions(JsonNode versions) {
    String path = "spec.conversion.conversionReviewVersions";
    List<FieldError> errs = new ArrayList<>();
    if (versions == null || versions.size() == 0) {
      errs.add(FieldError.required(path, ""));
      return errs;
    }
    Set<String> seen = new HashSet<>();
    boolean accepted = false;
    List<String> all = new ArrayList<>();
    for (int i = 0; i < versions.size(); i++) {
      String v = versions.get(i).asText("");
      all.add(v);
      if (!seen.add(v)) {
        errs.add(FieldError.invalid(path + "[" + i + "]", v, "duplicate version"));
        continue;
      }
      for (String p : CrdNames.dns1035Label(v)) {
        errs.add(FieldError.invalid(path + "[" + i + "]", v, p));
      }
      accepted |= v.equals("v1") || v.equals("v1beta1");
    }
    if (!accepted) {
      errs.add(FieldError.invalid(path, new FieldError.Raw("[]string{" + String.join(", ",
          all.stream().map(v -> "\"" + v + "\"").toList()) + "}"), "must include at least one of v1, v1beta1"));
    }
    return errs;
  }

  @Override
  public List<FieldError> validateUpdate(CustomResourceDefinition newObj, CustomResourceDefinition oldObj) {
    List<FieldError> errors = new ArrayList<>(validate(newObj, !hasUnprunedDefaults(oldObj)));
    if (oldObj.isTrue("Established")) {
      immutable(errors, "spec.scope", newObj.spec.scope, oldObj.spec.scope);
      immutable(errors, "spec.names.kind", newObj.spec.names.kind, oldObj.spec.names.kind);
    }
    immutable(errors, "spec.group", newObj.spec.group, oldObj.spec.group);
    immutable(errors, "spec.names.plural", newObj.spec.names.plural, oldObj.spec.names.plural);
    return errors;
  }

  /** kube's requirePrunedDefaults, negated: a version's schema of the stored definition has a default its schema would prune. */
  private static boolean hasUnprunedDefaults(CustomResourceDefinition old) {
    if (old.spec == null || old.spec.versions == null) {
      return false;
    }
    return old.spec.versions.stream().anyMatch(v -> StructuralSchema.hasUnprunedDefaults(v.openApiV3Schema()));
  }

  private static void immutable(List<FieldError> errors, String field, String now, String before) {
    if (!Objects.equals(now, before)) {
      errors.add(FieldError.invalid(field, now, "field is immutable"));
    }
  }

  @Override
  public List<FieldError> validateStatusUpdate(CustomResourceDefinition newObj, CustomResourceDefinition oldObj) {
    if (newObj.status == null || newObj.status.acceptedNames == null) {
      return List.of();
    }
    return validateNames(newObj.status.acceptedNames, "status.acceptedNames");
  }

  /**
   * The first DELETE makes the definition Terminating (condition {@code InstanceDeletionPending} and the
   * cleanup finalizer, as kube's REST delete does); the controller deletes the custom objects, then
   * drops the finalizer.
   */
  @Override
  public boolean deleteInStages(CustomResourceDefinition obj, Instant now) {
    if (obj.metadata.deletionTimestamp != null) {
      return false;
    }
    List<String> finalizers = obj.metadata.finalizers == null ? new ArrayList<>() : new ArrayList<>(obj.metadata.finalizers);
    if (!finalizers.contains(CustomResourceDefinition.CLEANUP_FINALIZER)) {
      finalizers.add(CustomResourceDefinition.CLEANUP_FINALIZER);
    }
    obj.metadata.finalizers = finalizers;
    obj.metadata.deletionTimestamp = now;
    obj.metadata.deletionGracePeriodSeconds = 0L;
    if (obj.status == null) {
      obj.status = new CustomResourceDefinition.Status();
    }
    Conditions.set(obj, new CustomResourceDefinition.Condition("Terminating", "True",
        now.truncatedTo(ChronoUnit.SECONDS).toString(), "InstanceDeletionPending",
        "CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon"));
    return true;
  }
}
