package dev.customapiserver.runtime;

import dev.customapiserver.api.errors.Errors;

/** A group and a resource (plural), e.g. {@code foos.hello.zeng.dev}. */
public record GroupResource(String group, String resource) {
  /** The form API errors name it by. */
  public Errors.Resource qualified() {
    return new Errors.Resource(group, resource);
  }

  @Override
  public String toString() {
    return qualified().toString();
  }
}
