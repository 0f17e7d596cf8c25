package dev.customapiserver.storage.jpa;

/**
 * One change-log row as the tailer reads it, with the object's previous state (the change-log row
 * at {@code prev_resource_version}, {@code null} for ADDED) needed to see filter transitions.
 */
record ChangeRow(long resourceVersion, String group, String resource, String namespace, String name,
    String type, byte[] data, byte[] prevData) {

  boolean belongsTo(Location.Of resource) {
    return resource.group().equals(group) && resource.resource().equals(this.resource);
  }
}
