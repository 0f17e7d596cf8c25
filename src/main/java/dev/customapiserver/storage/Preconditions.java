package dev.customapiserver.storage;

/** Conditions a write checks against the current object; {@code null} members are not checked. */
public record Preconditions(String uid, String resourceVersion) {
  public static final Preconditions NONE = new Preconditions(null, null);
}
