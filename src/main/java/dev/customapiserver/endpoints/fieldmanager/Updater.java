package dev.customapiserver.endpoints.fieldmanager;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * structured-merge-diff's Updater on JSON trees of one version: who loses which fields when an
 * object changes, and apply (merge, prune what the applier stopped applying, detect conflicts).
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

  private final Schema schema;

  Updater(Schema schema) {
    this.schema = schema;
  }

  /**
   * Takes the fields {@code updated} changes away from every manager but {@code self} (or fails
   * with their conflicts unless {@code force}) and drops removed fields from everyone's sets.
   */
  Comparison update(JsonNode live, JsonNode updated, Managers managers, Managers.Id self, boolean force) {
    Comparison c = Comparison.of(live, updated, schema);
    FieldSet changed = c.changed();
    Map<Managers.Id, FieldSet> conflicts = new LinkedHashMap<>();
    managers.owned.forEach((id, owned) -> {
      FieldSet conflict = owned.fields().intersection(changed);
      if (!id.equals(self) && !conflict.isEmpty()) {
        conflicts.put(id, conflict);
      }
    });
    if (!force && !conflicts.isEmpty()) {
      throw new ConflictException(conflicts);
    }
    managers.owned.replaceAll((id, owned) -> id.equals(self) ? owned : new Managers.Owned(
        owned.fields().difference(conflicts.getOrDefault(id, new FieldSet())).difference(c.removed()),
        owned.apiVersion(), owned.time()));
    managers.dropEmpty();
    return c;
  }

  /**
   * Merges {@code config} into {@code live} for the Apply manager {@code self}, removes the fields
   * it applied last time and no longer applies (unless someone else owns them), and hands it the
   * configuration's fields. Returns the new object; {@code managers} is updated in place.
   */
  JsonNode apply(JsonNode live, JsonNode config, Managers managers, Managers.Id self, String apiVersion, boolean force) {
    JsonNode merged = Trees.merge(live, config, schema);
    Managers.Owned last = managers.owned.get(self);
    Instant lastTime = last == null ? null : last.time();
    managers.owned.put(self, new Managers.Owned(Trees.fieldSet(config, schema), apiVersion, lastTime));
    if (last != null) {
      prune(merged, managers, last.fields());
    }
    update(live, merged, managers, self, force);
    return merged;
  }

  private void prune(JsonNode merged, Managers managers, FieldSet lastApplied) {
    FieldSet owned = new FieldSet();
    for (Managers.Owned o : managers.owned.values()) {
      owned = owned.union(o.fields());
    }
    for (List<String> p : lastApplied.difference(owned).members()) {
      if (!p.isEmpty() && !owned.hasBelow(p)) {
        Trees.remove(merged, p, schema);
      }
    }
  }
}
