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
}
