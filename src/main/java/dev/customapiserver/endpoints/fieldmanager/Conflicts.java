package dev.customapiserver.endpoints.fieldmanager;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Apply conflicts as kube-apiserver words them (409, reason Conflict, FieldManagerConflict causes). */
final class Conflicts {
  private Conflicts() {}

  static ApiException toApiException(Map<Managers.Id, FieldSet> conflicts) {
    TreeMap<String, List<String>> byManager = new TreeMap<>();
    conflicts.forEach((id, set) -> {
      List<String> paths = byManager.computeIfAbsent(print(id), k -> new ArrayList<>());
      set.members().forEach(p -> paths.add(FieldsV1Paths.print(p)));
    });
    List<Status.Cause> causes = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    byManager.forEach((manager, paths) -> {
      lines.add("conflicts with " + manager + ":");
      for (String p : paths) {
        causes.add(new Status.Cause("FieldManagerConflict", "conflict with " + manager, p));
        lines.add("- " + p);
      }
    });
    String message = causes.size() == 1
        ? "Apply failed with 1 conflict: " + causes.get(0).message() + ": " + causes.get(0).field()
        : "Apply failed with " + causes.size() + " conflicts: " + String.join("\n", lines);
    return Errors.applyConflict(message, causes);
  }

  /** {@code "mgr"} for an applier, {@code "mgr" using group/version} for an updater. */
  static String print(Managers.Id id) {
    String name = quote(id.manager() == null ? "" : id.manager());
    return Managers.UPDATE.equals(id.operation()) ? name + " using " + id.apiVersion() : name;
  }

  private static String quote(String s) {
    return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }
}
