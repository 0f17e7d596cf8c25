package dev.customapiserver.endpoints.fieldmanager;

import dev.customapiserver.api.meta.ManagedFieldsEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The managers of one object and the fields each owns: {@code metadata.managedFields} decoded.
 * A manager is identified by name and operation, and for {@code Update} also by apiVersion (as
 * kube's manager identifier); an Apply manager keeps one entry whatever version it applied in.
 */
final class Managers {
  static final String APPLY = "Apply";
  static final String UPDATE = "Update";
  static final String ANCIENT = "ancient-changes";
  static final int MAX_UPDATERS = 10;

  /** A manager's identity. {@code apiVersion} is null for Apply managers; {@code subresource} is "" for the main resource. */
  record Id(String manager, String operation, String apiVersion, String subresource) {
    Id(String manager, String operation, String apiVersion) {
      this(manager, operation, apiVersion, "");
    }

    static Id apply(String manager, String subresource) {
      return new Id(manager, APPLY, null, subresource);
    }

    static Id update(String manager, String apiVersion, String subresource) {
      return new Id(manager, UPDATE, apiVersion, subresource);
    }
  }

  /** What one manager owns, in which apiVersion, since when. */
  record Owned(FieldSet fields, String apiVersion, Instant time) {}

  final Map<Id, Owned> owned = new LinkedHashMap<>();

  /** Decodes entries; throws IllegalArgumentException on an entry kube would reject. */
  static Managers decode(List<ManagedFieldsEntry> entries) {
    Managers m = new Managers();
    if (entries == null) {
      return m;
    }
    for (ManagedFieldsEntry e : entries) {
      if (!APPLY.equals(e.operation) && !UPDATE.equals(e.operation)) {
        throw new IllegalArgumentException("operation must be `Apply` or `Update`");
      }
      if (e.apiVersion == null || e.apiVersion.isEmpty()) {
        throw new IllegalArgumentException("apiVersion must not be empty");
      }
      if (e.fieldsType != null && !e.fieldsType.equals("FieldsV1")) {
        throw new IllegalArgumentException("unsupported fieldsType " + e.fieldsType);
      }
      FieldSet fields = e.fieldsV1 == null ? new FieldSet() : FieldSet.fromFieldsV1(e.fieldsV1);
      String sub = e.subresource == null ? "" : e.subresource;
      Id id = APPLY.equals(e.operation) ? Id.apply(e.manager, sub) : Id.update(e.manager, e.apiVersion, sub);
      Owned before = m.owned.get(id);
      m.owned.put(id, new Owned(before == null ? fields : before.fields().union(fields), e.apiVersion, e.time));
    }
    return m;
  }

  /** kube's reset request: exactly one empty entry. */
  static boolean isReset(List<ManagedFieldsEntry> entries) {
    if (entries == null || entries.size() != 1) {
      return false;
    }
    ManagedFieldsEntry e = entries.get(0);
    return e.manager == null && e.operation == null && e.apiVersion == null && e.time == null && e.fieldsType == null
        && (e.fieldsV1 == null || e.fieldsV1.isEmpty()) && e.subresource == null;
  }

  Managers copy() {
    Managers c = new Managers();
    owned.forEach((k, v) -> c.owned.put(k, new Owned(v.fields().copy(), v.apiVersion(), v.time())));
    return c;
  }

  boolean isEmpty() {
    return owned.isEmpty();
  }

  /** Drops managers that own nothing. */
  void dropEmpty() {
    owned.values().removeIf(o -> o.fields().isEmpty());
  }

  /**
   * Keeps at most {@code max} Update managers as kube does: the oldest are merged, per apiVersion,
   * into an {@code ancient-changes} entry carrying the time of the newest update merged into it.
   */
  void capUpdaters(int max) {
    List<Id> updaters = new ArrayList<>(owned.keySet().stream().filter(id -> UPDATE.equals(id.operation())).toList());
    if (updaters.size() <= max) {
      return;
    }
    updaters.sort(Comparator.comparingLong((Id id) -> seconds(owned.get(id).time())).thenComparing(Id::manager));
    Map<String, Id> firstByVersion = new LinkedHashMap<>();
    int length = updaters.size();
    for (int i = 0; i < updaters.size() && length > max; i++) {
      Id id = updaters.get(i);
      Owned o = owned.get(id);
      Id bucket = Id.update(ANCIENT, o.apiVersion(), "");
      Id first = firstByVersion.putIfAbsent(o.apiVersion(), id);
      if (first == null) {
        continue;
      }
      if (!owned.containsKey(bucket)) {
        owned.put(bucket, owned.remove(first));
      }
      owned.put(bucket, new Owned(o.fields().union(owned.get(bucket).fields()), o.apiVersion(), o.time()));
      owned.remove(id);
      length--;
    }
  }

  private static long seconds(Instant t) {
    return t == null ? 0 : t.getEpochSecond();
  }

  /** The wire form, sorted as kube sorts it: Apply before Update, then by time, manager, apiVersion. */
  List<ManagedFieldsEntry> encode() {
    List<ManagedFieldsEntry> out = new ArrayList<>();
    owned.forEach((id, o) -> {
      if (o.fields().isEmpty()) {
        return;
      }
      ManagedFieldsEntry e = new ManagedFieldsEntry();
      e.manager = id.manager();
      e.operation = id.operation();
      e.apiVersion = o.apiVersion();
      e.time = o.time();
      e.fieldsType = "FieldsV1";
      e.fieldsV1 = o.fields().toFieldsV1();
      e.subresource = id.subresource().isEmpty() ? null : id.subresource();
      out.add(e);
    });
    out.sort(Comparator.comparing((ManagedFieldsEntry e) -> e.operation)
        .thenComparing(e -> e.time == null ? 0 : e.time.getEpochSecond())
        .thenComparing(e -> e.manager == null ? "" : e.manager)
        .thenComparing(e -> e.apiVersion)
        .thenComparing(e -> e.subresource == null ? "" : e.subresource));
    return out.isEmpty() ? null : out;
  }
}
