package dev.customapiserver.endpoints.call;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.selectors.FieldSelector;
import dev.customapiserver.api.selectors.LabelQuery;
import dev.customapiserver.registry.ListOptions;
import dev.customapiserver.registry.WriteOptions;
import dev.customapiserver.runtime.FieldValidation;
import dev.customapiserver.storage.ResourceVersionMatch;
import java.util.ArrayList;
import java.util.List;

/** Parses the query parameters of list and write requests, with kube-apiserver's errors. */
public final class QueryOptions {
  private QueryOptions() {}

  public static ListOptions list(Call call) {
    Long l = QueryParams.int64(call, "limit");
    long limit = l == null ? 0 : Math.max(0, l);
    QueryParams.int64(call, "timeoutSeconds");
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
    String unparsable = rv == null ? null : QueryParams.unparsableResourceVersion(rv);
    if (unparsable != null) { // kube's storage words it so (storage.ValidateListOptions)
      throw Errors.badRequest("invalid resource version: " + unparsable);
    }
    return new ListOptions(LabelQuery.parse(call.query("labelSelector")), FieldSelector.parse(call.query("fieldSelector")),
        limit, emptyToNull(call.query("continue")), rv, match);
  }

  /**
   * The options of a watch ({@code ?watch=true} or a {@code /watch/} path): {@code name} from a
   * {@code /watch/.../{name}} path (or null) narrows the field selector; {@code lastEventId} (SSE
   * resume, or null) stands in for an absent resourceVersion. Validated as kube-apiserver does.
   */
  public static WatchParams watch(Call call, String name, String lastEventId) {
    String rv = emptyToNull(call.query("resourceVersion"));
    if (rv == null) {
      rv = emptyToNull(lastEventId);
    }
    String unparsable = rv == null ? null : QueryParams.unparsableResourceVersion(rv);
    if (unparsable != null) { // kube's watch cache answers these words with a 500; bad input is a 400 here
      throw Errors.badRequest(unparsable);
    }
    String m = emptyToNull(call.query("resourceVersionMatch"));
    String initial = emptyToNull(call.query("sendInitialEvents"));
    boolean bookmarks = isTrue(call.query("allowWatchBookmarks"));
    List<FieldError> errs = new ArrayList<>();
    if (initial != null && !"NotOlderThan".equals(m)) {
      errs.add(FieldError.forbidden("resourceVersionMatch", "sendInitialEvents requires setting resourceVersionMatch to NotOlderThan"));
    }
    if (m != null) {
      if (initial == null) {
        errs.add(FieldError.forbidden("resourceVersionMatch", "resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided"));
      }
      if (!m.equals("NotOlderThan")) {
        errs.add(FieldError.notSupported("resourceVersionMatch", m, List.of("NotOlderThan")));
      }
      if (!bookmarks) {
        errs.add(FieldError.forbidden("allowWatchBookmarks", "allowWatchBookmarks must be set to true when sendInitialEvents is provided"));
      }
    }
    if (!errs.isEmpty()) {
      throw Errors.invalid(new Errors.Kind("meta.k8s.io", "ListOptions"), "", errs);
    }
    Long t = QueryParams.int64(call, "timeoutSeconds");
    long timeout = t == null ? 0 : t; // negative: the watch ends at once, as kube's timer fires at once
    String fields = emptyToNull(call.query("fieldSelector"));
    if (name != null) {
      fields = "metadata.name=" + name + (fields == null ? "" : "," + fields);
    }
    ListOptions list = new ListOptions(LabelQuery.parse(call.query("labelSelector")), FieldSelector.parse(fields), 0, null, rv,
        ResourceVersionMatch.UNSET);
    return new WatchParams(list, isTrue(initial), bookmarks, timeout);
  }

  /**
   * A boolean query parameter as kube-apiserver reads it: true when present and neither {@code 0} nor
   * {@code false} in any case, so {@code watch=True} (Python's client) and a bare {@code watch} are true.
   */
  public static boolean isTrue(String v) {
    return v != null && !v.equals("0") && !v.equalsIgnoreCase("false");
  }

  public static WriteOptions write(Call call, String optionsKind) {
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
    String manager = emptyToNull(call.query("fieldManager"));
    List<FieldError> errs = optionsKind.equals("DeleteOptions") ? List.of() : QueryParams.fieldManagerErrors(manager);
    if (!errs.isEmpty()) {
      throw Errors.invalid(new Errors.Kind("meta.k8s.io", optionsKind), "", errs);
    }
    return new WriteOptions(dry, manager);
  }

  /**
   * The field manager of a write: {@code fieldManager}, else the User-Agent up to its first
   * {@code /} (printable characters, at most 128 bytes), as kube-apiserver defaults it.
   */
  public static String manager(Call call, WriteOptions opts) {
    if (opts.fieldManager() != null) {
      return opts.fieldManager();
    }
    String ua = call.header("User-Agent");
    if (ua == null) {
      return "";
    }
    int slash = ua.indexOf('/');
    String product = slash < 0 ? ua : ua.substring(0, slash);
    StringBuilder b = new StringBuilder();
    int bytes = 0;
    for (int i = 0; i < product.length(); ) {
      int cp = product.codePointAt(i);
      i += Character.charCount(cp);
      int len = utf8Length(cp);
      if (Character.isISOControl(cp) || !Character.isDefined(cp)) {
        continue;
      }
      if (bytes + len > 128) {
        break;
      }
      bytes += len;
      b.appendCodePoint(cp);
    }
    return b.toString();
  }

  /** The bytes of {@code cp} in UTF-8 (a lone surrogate is written as one replacement byte). */
  private static int utf8Length(int cp) {
    if (cp < 0x80 || Character.isSurrogate((char) cp) && cp <= 0xFFFF) {
      return 1;
    }
    return cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }

  /** PatchOptions rules: an apply patch needs a field manager, {@code force} is for apply patches only. */
  public static boolean force(Call call, WriteOptions opts, boolean apply) {
    String force = call.query("force");
    List<FieldError> errs = new ArrayList<>();
    if (!apply && force != null) {
      errs.add(FieldError.forbidden("force", "may not be specified for non-apply patch"));
    }
    if (apply && opts.fieldManager() == null) {
      errs.add(FieldError.required("fieldManager", "is required for apply patch"));
    }
    if (!errs.isEmpty()) {
      throw Errors.invalid(new Errors.Kind("meta.k8s.io", "PatchOptions"), "", errs);
    }
    return isTrue(force);
  }

  public static FieldValidation fieldValidation(Call call) {
    return FieldValidation.parse(call.query("fieldValidation"));
  }

  private static RuntimeException listInvalid(FieldError e) {
    return Errors.invalid(new Errors.Kind("meta.k8s.io", "ListOptions"), "", List.of(e));
  }

  private static String emptyToNull(String s) {
    return s == null || s.isEmpty() ? null : s;
  }
}
