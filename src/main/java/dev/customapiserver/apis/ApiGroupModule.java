package dev.customapiserver.apis;

import dev.customapiserver.runtime.ApiGroup;

/**
 * One API group, plugged into the server through {@link java.util.ServiceLoader}. The server calls
 * {@link #apiGroup()} once at start. Later additions (admission plugins, extension endpoints) come
 * as default methods, so existing modules keep compiling.
 */
public interface ApiGroupModule {

  /** The group with its versions and resources. */
  ApiGroup apiGroup();
}
