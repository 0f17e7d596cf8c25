package dev.customapiserver.endpoints.representation;

import dev.customapiserver.api.errors.Errors;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What the client's Accept header asks for: JSON, YAML or a meta.k8s.io Table. */
public enum OutputFormat {
  JSON("application/json"), YAML("application/yaml"), TABLE("application/json");

  public static final List<String> ACCEPTED = List.of("application/json", "application/yaml",
      "application/json;as=Table;v=v1;g=meta.k8s.io", "application/json;as=Table;v=v1beta1;g=meta.k8s.io");

  private final String contentType;

  OutputFormat(String contentType) {
    this.contentType = contentType;
  }

  String contentType() {
    return contentType;
  }

  /** The best format the header allows (tables only where {@code tablesAllowed}); 406 when none. */
  public static OutputFormat negotiate(String accept, boolean tablesAllowed) {
    if (accept == null || accept.isBlank()) {
      return JSON;
    }
    List<MediaRange> ranges = new ArrayList<>();
    for (String part : accept.split(",")) {
      ranges.add(MediaRange.parse(part));
    }
    ranges.sort(Comparator.comparingDouble(MediaRange::q).reversed());
    for (MediaRange r : ranges) {
      OutputFormat f = r.format(tablesAllowed);
      if (f != null) {
        return f;
      }
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
      return null;
    }
  }
}
