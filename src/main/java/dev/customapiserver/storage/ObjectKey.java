package dev.customapiserver.storage;

/** Where an object lives within its resource: namespace ({@code ""} when cluster-scoped) and name. */
public record ObjectKey(String namespace, String name) {
  public ObjectKey {
    namespace = namespace == null ? "" : namespace;
  }
}
