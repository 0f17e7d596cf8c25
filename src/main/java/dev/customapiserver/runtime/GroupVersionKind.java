package dev.customapiserver.runtime;

/** A group, version and kind. */
public record GroupVersionKind(String group, String version, String kind) {
  public GroupVersion groupVersion() {
    return new GroupVersion(group, version);
  }
}
