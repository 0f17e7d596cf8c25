package dev.customapiserver.endpoints.representation;

import dev.customapiserver.api.errors.Errors;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the client's Accept header asks for: JSON, YAML, a meta.k8s.io Table, or Kubernetes protobuf
 * (only for the kinds served in it).
 */
public enum OutputFormat {
  JSON("application/json"), YAML("application/yaml"), TABLE("application/json"),
  PROTOBUF("application/vnd.kubernetes.protobuf");

  public static final List<String> ACCEPTED = List.of("application/json", "application/yaml",
      "application/json;as=Table;v=v1;g=meta.k8s.io", "application/json;as=Table;v=v1beta1;g=meta.k8s.io");

  private final String contentType;

  OutputFormat(String contentType) {
    this.contentType = contentType;
  }

  public String contentType() {
    return contentType;
  }

  /** The best format the header allows (tables only where {@code tablesAllowed}); 406 when none. */
  public static OutputFormat negotiate(String accept, boolean tablesAllowed) {
    return negotiate(accept, tablesAllowed, false);
  }

  /**
   * The best format the header allows, tables only where {@code tablesAllowed}, protobuf only where
   * {@code protobufAllowed} (the 406 then names it among the accepted types); 406 when none.
   */
  public static OutputFormat negotiate(String accept, boolean tablesAllowed, boolean protobufAllowed) {
    if (accept == null || accept.isBlank()) {
      return JSON;
    }
    List<MediaRange> ranges = new ArrayList<>();
    for (String part : accept.split(",")) {
      ranges.add(MediaRange.parse(part));
    }
    ranges.sort(Comparator.comparingDouble(MediaRange::q).reversed());
    for (MediaRange r : ranges) {
      OutputFormat f = r.format(tablesAllowed, protobufAllowed);
      if (f != null) {
        return f;
      }
    }
    if (protobufAllowed) {
      List<String> accepted = new ArrayList<>(ACCEPTED);
      accepted.add(2, PROTOBUF.contentType);
      throw Errors.notAcceptable(accepted);
    }
    throw Errors.notAcceptable(ACCEPTED);
  }

  /** One entry of an Accept header. */
  public record MediaRange(String type, Map<String, String> params, double q) {
    public static MediaRange parse(String s) {
      String[] parts = s.trim().split(";");
      Map<String, String> params = new HashMap<>();
      double q = 1;
      for (int i = 1; i < parts.length; i++) {
        String[] kv = parts[i].trim().split("=", 2);
        if (kv.length == 2) {
          if (kv[0].trim().equals("q")) {
            try {
              q = Double.parseDouble(kv[1].trim());
            } catch (NumberFormatException e) {
              q = 0;
            }
          } else {
            params.put(kv[0].trim(), kv[1].trim());
          }
        }
      }
      return new MediaRange(parts[0].trim().toLowerCase(Locale.ROOT), params, q);
    }

    public OutputFormat format(boolean tablesAllowed) {
      return format(tablesAllowed, false);
    }

    /** The format this range names, protobuf only where {@code protobufAllowed}; null if none. */
    public OutputFormat format(boolean tablesAllowed, boolean protobufAllowed) {
      if (q <= 0) {
        return null;
      }
      String as = params.get("as");
      boolean json = type.equals("application/json") || type.equals("application/*") || type.equals("*/*");
      if (as != null) {
        boolean table = json && as.equals("Table") && "meta.k8s.io".equals(params.get("g"))
            && ("v1".equals(params.get("v")) || "v1beta1".equals(params.get("v")));
        return table && tablesAllowed ? TABLE : null;
      }
      if (json) {
        return JSON;
      }
      if (type.equals("application/yaml") || type.equals("application/x-yaml") || type.equals("text/yaml")) {
        return YAML;
      }
      if (protobufAllowed && type.equals(PROTOBUF.contentType)) {
        return PROTOBUF;
      }
      return null;
    }
  }
}
