package dev.customapiserver.apis.core;

/** The core (legacy, {@code /api/v1}) group's name: empty. */
public final class CoreGroup {
  public static final String NAME = "";

  private CoreGroup() {}
}
