package dev.customapiserver.endpoints.fieldmanager;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ManagedFieldsEntry;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.schema.StructuralSchema;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Field ownership of one resource in one version, as kube-apiserver's fieldmanager: every write
 * records its manager in {@code metadata.managedFields}, and server-side apply merges an applied
 * configuration into the live object by field ownership. Works on the versioned objects.
 */
public final class FieldManager {
  static final String BEFORE_FIRST_APPLY = "before-first-apply";
  private static final FieldSet STRIPPED = FieldSet.of(List.of(List.of("f:apiVersion"), List.of("f:kind"), List.of("f:metadata"),
      meta("name"), meta("namespace"), meta("creationTimestamp"), meta("selfLink"), meta("uid"), meta("clusterName"),
      meta("generation"), meta("managedFields"), meta("resourceVersion")));
  private static final Managers.Id CURRENT = new Managers.Id("", "current-operation", null);

  private final TypedVersions versions;
  private final String apiVersion;
  private final ObjectMapper json;
  private final Clock clock;
  private final Updater updater;
  private final boolean statusSubresource;
  private final UndeclaredFields undeclared = new UndeclaredFields();

  /**
   * @param apiVersion the version of the requests, {@code group/version}
   * @param versions the resource's served versions (their wire types' fields and {@code ListType}
   *     annotations give the schemas; entries recorded in another version are compared there)
   * @param statusSubresource whether status is written through {@code /status} only (then the main
   *     resource's managers never own status, and the status subresource's own nothing else)
   */
  public FieldManager(String apiVersion, Versions versions, boolean statusSubresource, ObjectMapper json, Clock clock) {
    this.versions = new TypedVersions(versions, json);
    this.statusSubresource = statusSubresource;
    this.apiVersion = apiVersion;
    this.json = json;
    this.clock = clock;
    this.updater = new Updater(this.versions, apiVersion);
  }

  /** A resource served in one version only. */
  public FieldManager(Class<?> versionedType, String apiVersion, ObjectMapper json, Clock clock) {
    this(apiVersion, Versions.single(versionedType, apiVersion), false, json, clock);
  }

  private static List<String> meta(String field) {
    return List.of("f:metadata", "f:" + field);
  }

  /**
   * The managedFields for a create ({@code live} null) or an update by {@code manager} that turns
   * {@code live} into {@code updated}. Submitted managedFields are taken as kube does: kept when
   * valid and non-empty, reset by a single empty entry, else the live ones; an existing object
   * without managed fields stays untracked.
   */
  public List<ManagedFieldsEntry> update(KubeObject live, KubeObject updated, String manager, String subresource) {
    List<ManagedFieldsEntry> submitted = updated.metadata().managedFields;
    Managers managers = Managers.isReset(submitted) ? new Managers() : decodeOrNull(submitted);
    if (managers == null || managers.isEmpty() && !Managers.isReset(submitted)) {
      managers = live == null ? new Managers() : decodeOrEmpty(live.metadata().managedFields);
    }
    if (managers.isEmpty() && live != null) {
      return null;
    }
    record(tree(live), tree(updated), managers, manager, subresource);
    managers.capUpdaters(Managers.MAX_UPDATERS);
    return managers.encode();
  }

  /**
   * Server-side apply of {@code config} (the request body as a tree) by {@code manager} to
   * {@code live} ({@code null}: the object does not exist). Returns the object to store, as a tree
   * of this version carrying its new managedFields; throws 409 on conflicts unless {@code force}.
   */
  public ObjectNode apply(KubeObject live, ObjectNode config, String manager, boolean force, String subresource) {
    if (config.path("metadata").has("managedFields")) {
      throw Errors.badRequest("metadata.managedFields must be nil");
    }
    StructuralSchema declared = versions.declared(apiVersion);
    if (declared != null) {
      undeclared.check(declared, config);
    }
    ObjectNode liveTree = tree(live);
    Managers managers = live == null ? new Managers() : decodeOrEmpty(live.metadata().managedFields);
    if (managers.isEmpty() && live != null) {
      record(json.createObjectNode(), liveTree, managers, BEFORE_FIRST_APPLY, subresource);
    }
    Managers.Id self = Managers.Id.apply(manager, subresource);
    Predicate<List<String>> tracked = tracked(subresource);
    Managers result = managers.copy();
    ObjectNode merged;
    try {
      merged = updater.apply(liveTree, config, result, self, force, tracked);
    } catch (Updater.ConflictException e) {
      Map<Managers.Id, FieldSet> remaining = notAllowedByLastApplied(liveTree, manager, e.conflicts);
      if (!remaining.isEmpty()) {
        throw Conflicts.toApiException(remaining);
      }
      result = managers.copy();
      merged = updater.apply(liveTree, config, result, self, true, tracked);
    }
    Managers.Owned mine = result.owned.get(self);
    if (mine != null) {
      boolean changed = !merged.equals(liveTree) || mine.time() == null;
      result.owned.put(self, new Managers.Owned(mine.fields().difference(STRIPPED), apiVersion, changed ? now() : mine.time()));
    }
    if (LastApplied.KUBECTL.equals(manager)) {
      LastApplied.sync(merged, config, json);
    }
    result.capUpdaters(Managers.MAX_UPDATERS);
    List<ManagedFieldsEntry> entries = result.encode();
    ObjectNode meta = merged.get("metadata") instanceof ObjectNode m ? m : merged.putObject("metadata");
    if (entries == null) {
      meta.remove("managedFields");
    } else {
      meta.set("managedFields", json.valueToTree(entries));
    }
    return merged;
  }

  private Map<Managers.Id, FieldSet> notAllowedByLastApplied(JsonNode live, String manager, Map<Managers.Id, FieldSet> conflicts) {
    FieldSet allowed = LastApplied.KUBECTL.equals(manager)
        ? LastApplied.allowedConflicts(live, versions.schema(apiVersion), json) : null;
    if (allowed == null) {
      return conflicts;
    }
    Map<Managers.Id, FieldSet> remaining = new LinkedHashMap<>();
    conflicts.forEach((id, set) -> {
      FieldSet left = set.difference(allowed);
      if (!left.isEmpty()) {
        remaining.put(id, left);
      }
    });
    return remaining;
  }

  /** Gives {@code manager} (an updater) the fields that changed from {@code before} to {@code after}. */
  private void record(ObjectNode before, ObjectNode after, Managers managers, String manager, String subresource) {
    Comparison c = updater.update(before, after, managers, CURRENT, true, tracked(subresource));
    FieldSet changed = c.changed().difference(STRIPPED);
    managers.owned.remove(CURRENT);
    if (changed.isEmpty()) {
      return;
    }
    Managers.Id id = Managers.Id.update(manager, apiVersion, subresource);
    Managers.Owned previous = managers.owned.get(id);
    managers.owned.put(id, new Managers.Owned(previous == null ? changed : previous.fields().union(changed), apiVersion, now()));
  }

  /** The paths a write through {@code subresource} may own (kube's reset fields left out). */
  private Predicate<List<String>> tracked(String subresource) {
    if ("status".equals(subresource)) {
      return p -> !p.isEmpty() && p.get(0).equals("f:status");
    }
    if (statusSubresource) {
      return p -> p.isEmpty() || !p.get(0).equals("f:status");
    }
    return p -> true;
  }

  /**
   * The object as a tree without its managedFields, which are set aside while it is serialized (not
   * serialized and then removed: they are a good part of the metadata); the object is as it was after.
   */
  private ObjectNode tree(KubeObject o) {
    if (o == null) {
      return json.createObjectNode();
    }
    ObjectMeta om = o.metadata;
    List<ManagedFieldsEntry> managed = om == null ? null : om.managedFields;
    ObjectNode t;
    if (managed == null) {
      t = json.valueToTree(o);
    } else {
      om.managedFields = null;
      try {
        t = json.valueToTree(o);
      } finally {
        om.managedFields = managed;
      }
    }
    JsonNode m = t.get("metadata");
    if (m instanceof ObjectNode meta) {
      meta.remove("managedFields");
    }
    return t;
  }

  private Managers decodeOrNull(List<ManagedFieldsEntry> entries) {
    try {
      return Managers.decode(entries);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private Managers decodeOrEmpty(List<ManagedFieldsEntry> entries) {
    Managers m = decodeOrNull(entries);
    return m == null ? new Managers() : m;
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.SECONDS);
  }
}
