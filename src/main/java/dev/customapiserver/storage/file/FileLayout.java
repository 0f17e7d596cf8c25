package dev.customapiserver.storage.file;

import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.storage.ObjectKey;
import java.nio.file.Path;
import java.util.Optional;

/** Where an object's file is: {@code <root>/<group|core>/<resource>/<namespace|_cluster>/<name>.yaml}. */
final class FileLayout {
  static final String CORE = "core";
  static final String CLUSTER = "_cluster";
  static final String SUFFIX = ".yaml";
  private final Path root;

  /** A file of an object: its resource and key. */
  record Located(GroupResource resource, ObjectKey key) {}

  FileLayout(Path root) {
    this.root = root;
  }

  Path root() {
    return root;
  }

  Path file(GroupResource resource, ObjectKey key) {
    return root.resolve(resource.group().isEmpty() ? CORE : resource.group()).resolve(resource.resource())
        .resolve(key.namespace().isEmpty() ? CLUSTER : key.namespace()).resolve(key.name() + SUFFIX);
  }

  /** The object a file under the root holds, if the path is one of ours. */
  Optional<Located> locate(Path file) {
    Path rel = root.relativize(file);
    String last = rel.getFileName().toString();
    if (rel.getNameCount() != 4 || !last.endsWith(SUFFIX) || last.startsWith(".")) {
      return Optional.empty();
    }
    String group = rel.getName(0).toString();
    String ns = rel.getName(2).toString();
    return Optional.of(new Located(new GroupResource(CORE.equals(group) ? "" : group, rel.getName(1).toString()),
        new ObjectKey(CLUSTER.equals(ns) ? "" : ns, last.substring(0, last.length() - SUFFIX.length()))));
  }
}
