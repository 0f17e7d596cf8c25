package dev.customapiserver.storage.jpa;

import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.storage.ObjectKey;

/** Where a row lives: api group, resource and object key. */
record Location(GroupResource groupResource, ObjectKey key) {
  String group() {
    return groupResource.group() == null ? "" : groupResource.group();
  }

  String resource() {
    return groupResource.resource();
  }

  /** A resource as its rows name it (api group {@code ""} for the core group). */
  record Of(String group, String resource) {
    static Of of(GroupResource gr) {
      return new Of(gr.group() == null ? "" : gr.group(), gr.resource());
    }
  }
}
