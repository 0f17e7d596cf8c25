package dev.customapiserver.registry;

/** Options of a create, update or patch: {@code dryRun=All} and the field manager. */
public record WriteOptions(boolean dryRun, String fieldManager) {
  public static final WriteOptions DEFAULT = new WriteOptions(false, null);
}
