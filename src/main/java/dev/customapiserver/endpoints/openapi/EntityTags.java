package dev.customapiserver.endpoints.openapi;

/** Matching an {@code If-None-Match} header against a strong entity tag. */
final class EntityTags {
  private EntityTags() {}

  /**
   * Whether {@code ifNoneMatch} (a comma-separated list of quoted, possibly weak, tags, or {@code *})
   * names the tag {@code value} (given unquoted).
   */
  static boolean matches(String ifNoneMatch, String value) {
    if (ifNoneMatch == null || ifNoneMatch.isBlank()) {
      return false;
    }
    for (String part : ifNoneMatch.split(",")) {
      String tag = part.trim();
      if (tag.equals("*")) {
        return true;
      }
      if (tag.startsWith("W/")) {
        tag = tag.substring(2);
      }
      if (tag.length() >= 2 && tag.startsWith("\"") && tag.endsWith("\"")) {
        tag = tag.substring(1, tag.length() - 1);
      }
      if (tag.equals(value)) {
        return true;
      }
    }
    return false;
  }
}
