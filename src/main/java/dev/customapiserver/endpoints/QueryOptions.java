package dev.customapiserver.endpoints;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.selectors.FieldSelector;
import dev.customapiserver.api.selectors.LabelSelector;
import dev.customapiserver.registry.ListOptions;
import dev.customapiserver.registry.WriteOptions;
import dev.customapiserver.runtime.FieldValidation;
import dev.customapiserver.storage.ResourceVersionMatch;
import java.util.List;

/** Parses the query parameters of list and write requests, with kube-apiserver's errors. */
final class QueryOptions {
  private QueryOptions() {}

  static ListOptions list(Call call) {
    long limit = 0;
    String l = call.query("limit");
    if (l != null && !l.isEmpty()) {
      try {
        limit = Math.max(0, Long.parseLong(l));
      } catch (NumberFormatException e) {
        throw Errors.badRequest("limit: Invalid value: \"" + l + "\": must be an integer");
      }
    }
    String rv = emptyToNull(call.query("resourceVersion"));
    String m = emptyToNull(call.query("resourceVersionMatch"));
    ResourceVersionMatch match = ResourceVersionMatch.UNSET;
    if (m != null) {
      match = switch (m) {
        case "NotOlderThan" -> ResourceVersionMatch.NOT_OLDER_THAN;
        case "Exact" -> ResourceVersionMatch.EXACT;
        default -> throw listInvalid(FieldError.notSupported("resourceVersionMatch", m, List.of("Exact", "NotOlderThan")));
      };
      if (rv == null) {
        throw listInvalid(FieldError.forbidden("resourceVersionMatch",
            "resourceVersionMatch is forbidden unless resourceVersion is provided"));
      }
    }
    if (rv != null && !rv.chars().allMatch(Character::isDigit)) {
      throw Errors.badRequest("resourceVersion: Invalid value: \"" + rv + "\": must be an unsigned integer");
    }
    return new ListOptions(LabelSelector.parse(call.query("labelSelector")), FieldSelector.parse(call.query("fieldSelector")),
        limit, emptyToNull(call.query("continue")), rv, match);
  }

  static WriteOptions write(Call call, String optionsKind) {
    List<String> dryRun = call.queryAll().get("dryRun");
    boolean dry = false;
    if (dryRun != null) {
      for (String d : dryRun) {
        if (!d.equals("All")) {
          throw Errors.invalid(new Errors.Kind("meta.k8s.io", optionsKind), "",
              List.of(FieldError.notSupported("dryRun", d, List.of("All"))));
        }
        dry = true;
      }
    }
    return new WriteOptions(dry, emptyToNull(call.query("fieldManager")));
  }

  static FieldValidation fieldValidation(Call call) {
    return FieldValidation.parse(call.query("fieldValidation"));
  }

  private static RuntimeException listInvalid(FieldError e) {
    return Errors.invalid(new Errors.Kind("meta.k8s.io", "ListOptions"), "", List.of(e));
  }

  private static String emptyToNull(String s) {
    return s == null || s.isEmpty() ? null : s;
  }
}
