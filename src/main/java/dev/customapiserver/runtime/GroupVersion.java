package dev.customapiserver.runtime;

/** A group and version; the core group is the empty string ({@code v1}). */
public record GroupVersion(String group, String version) {
  /** {@code hello.zeng.dev/v2}, or {@code v1} for core. */
  public String apiVersion() {
    return group.isEmpty() ? version : group + "/" + version;
  }

  /** Parses an {@code apiVersion} field value. */
  public static GroupVersion parse(String apiVersion) {
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? new GroupVersion("", apiVersion)
        : new GroupVersion(apiVersion.substring(0, slash), apiVersion.substring(slash + 1));
  }

  @Override
  public String toString() {
    return apiVersion();
  }
}
