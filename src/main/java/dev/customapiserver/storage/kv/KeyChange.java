package dev.customapiserver.storage.kv;

/**
 * One write to one key, as a key-value backend keeps or receives it.
 *
 * @param revision the write's revision
 * @param namespace the key's namespace ({@code ""} when cluster-scoped)
 * @param name the key's name
 * @param data the object after the write, {@code null} for a delete
 * @param prevData the object before the write, {@code null} for a create
 * @param prevRevision the revision of {@code prevData}, 0 for a create
 */
public record KeyChange(long revision, String namespace, String name, byte[] data, byte[] prevData, long prevRevision) {

  /** ADDED, MODIFIED or DELETED. */
  public String type() {
    return data == null ? "DELETED" : prevData == null ? "ADDED" : "MODIFIED";
  }
}
