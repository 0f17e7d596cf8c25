package dev.customapiserver.endpoints.fieldmanager;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * structured-merge-diff's Updater on JSON trees: who loses which fields when an object changes
 * (compared in each manager's version), and apply (merge, prune what the applier stopped applying,
 * detect conflicts). SchemaTrees passed in are whole objects of the request's version.
 */
final class Updater {
  /** The fields a write changes that other managers own: a 409 unless forced. */
  static final class ConflictException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final transient Map<Managers.Id, FieldSet> conflicts;

    ConflictException(Map<Managers.Id, FieldSet> conflicts) {
      super("conflicts", null, false, false);
      this.conflicts = conflicts;
    }
  }

  private final TypedVersions versions;
  private final String version;

  Updater(TypedVersions versions, String version) {
    this.versions = versions;
    this.version = version;
  }

  /**
   * Takes the fields {@code updated} changes away from every manager but {@code self} (or fails
   * with their conflicts unless {@code force}) and drops removed fields from everyone's sets.
   * Returns the comparison in the request's version.
   */
  Comparison update(ObjectNode live, ObjectNode updated, Managers managers, Managers.Id self, boolean force,
      Predicate<List<String>> tracked) {
    Map<String, Comparison> byVersion = new HashMap<>();
    Comparison mine = Comparison.of(live, updated, versions.schema(version)).only(tracked);
    byVersion.put(version, mine);
    Map<Managers.Id, FieldSet> conflicts = new LinkedHashMap<>();
    Map<Managers.Id, FieldSet> removed = new LinkedHashMap<>();
    managers.owned.forEach((id, owned) -> {
      if (id.equals(self)) {
        return;
      }
      Comparison c = byVersion.computeIfAbsent(owned.apiVersion(), v -> versions.compare(live, updated, version, v, mine).only(tracked));
      FieldSet conflict = owned.fields().intersection(c.changed());
      if (!conflict.isEmpty()) {
        conflicts.put(id, conflict);
      }
      removed.put(id, c.removed());
    });
    if (!force && !conflicts.isEmpty()) {
      throw new ConflictException(conflicts);
    }
    managers.owned.replaceAll((id, owned) -> id.equals(self) ? owned : new Managers.Owned(
        owned.fields().difference(conflicts.getOrDefault(id, new FieldSet())).difference(removed.get(id)),
        owned.apiVersion(), owned.time()));
    managers.dropEmpty();
    return mine;
  }

  /**
   * Merges {@code config} into {@code live} for the Apply manager {@code self}, removes the fields
   * it applied last time and no longer applies (unless someone else owns them), and hands it the
   * configuration's fields. Returns the new object; {@code managers} is updated in place.
   */
  ObjectNode apply(ObjectNode live, ObjectNode config, Managers managers, Managers.Id self, boolean force,
      Predicate<List<String>> tracked) {
    ObjectNode merged = (ObjectNode) SchemaTrees.merge(live, config, versions.schema(version));
    Managers.Owned last = managers.owned.get(self);
    Instant lastTime = last == null ? null : last.time();
    managers.owned.put(self, new Managers.Owned(SchemaTrees.fieldSet(config, versions.schema(version)).filter(tracked), version, lastTime));
    if (last != null) {
      merged = prune(merged, managers, last);
    }
    update(live, merged, managers, self, force, tracked);
    return merged;
  }

  /** Removes what was last applied and nobody owns any more, in the version it was applied in. */
  private ObjectNode prune(ObjectNode merged, Managers managers, Managers.Owned last) {
    String at = last.apiVersion();
    ObjectNode tree = versions.convert(merged, version, at);
    if (tree == null) {
      return merged;
    }
    FieldSet owned = new FieldSet();
    for (Managers.Owned o : managers.owned.values()) {
      owned = owned.union(ownedIn(at, o, merged));
    }
    List<List<String>> gone = last.fields().difference(owned).members();
    if (gone.isEmpty()) {
      return merged;
    }
    for (List<String> p : gone) {
      if (!p.isEmpty() && !owned.hasBelow(p)) {
        SchemaTrees.remove(tree, p, versions.schema(at));
      }
    }
    ObjectNode back = versions.convert(tree, at, version);
    return back == null ? merged : back;
  }

  /** What {@code o} owns, as paths of version {@code at}: its values in {@code merged} converted there. */
  private FieldSet ownedIn(String at, Managers.Owned o, ObjectNode merged) {
    if (o.apiVersion().equals(at)) {
      return o.fields();
    }
    ObjectNode inOwn = versions.convert(merged, version, o.apiVersion());
    JsonNode part = inOwn == null ? null : SchemaTrees.extract(inOwn, o.fields(), versions.schema(o.apiVersion()));
    ObjectNode converted = part instanceof ObjectNode p ? versions.convert(p, o.apiVersion(), at) : null;
    return converted == null ? o.fields() : SchemaTrees.fieldSet(converted, versions.schema(at));
  }
}
