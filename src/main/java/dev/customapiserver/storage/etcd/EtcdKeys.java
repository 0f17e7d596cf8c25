package dev.customapiserver.storage.etcd;

import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.storage.ObjectKey;
import io.etcd.jetcd.ByteSequence;
import java.nio.charset.StandardCharsets;

/** The etcd keys of one resource: {@code <prefix>/[<group>/]<resource>/[<namespace>/]<name>}. */
final class EtcdKeys {
  private final String root;

  EtcdKeys(String prefix, GroupResource resource) {
    String p = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
    String group = resource.group() == null || resource.group().isEmpty() ? "" : resource.group() + "/";
    this.root = p + "/" + group + resource.resource() + "/";
  }

  /** The prefix of every key of the resource (a {@code null} namespace) or of one namespace. */
  ByteSequence prefix(String namespace) {
    return bytes(namespace == null || namespace.isEmpty() ? root : root + namespace + "/");
  }

  ByteSequence key(ObjectKey key) {
    return bytes(root + (key.namespace().isEmpty() ? "" : key.namespace() + "/") + key.name());
  }

  /** The object key of an etcd key of this resource. */
  ObjectKey parse(ByteSequence key) {
    String rest = key.toString(StandardCharsets.UTF_8).substring(root.length());
    int slash = rest.indexOf('/');
    return slash < 0 ? new ObjectKey("", rest) : new ObjectKey(rest.substring(0, slash), rest.substring(slash + 1));
  }

  /** The first key after {@code key} (to continue a range past it). */
  ByteSequence after(ObjectKey key) {
    return key(key).concat(ByteSequence.from(new byte[] {0}));
  }

  /** The end of the range of keys starting with {@code prefix}. */
  static ByteSequence rangeEnd(ByteSequence prefix) {
    byte[] end = prefix.getBytes();
    for (int i = end.length - 1; i >= 0; i--) {
      if (end[i] != (byte) 0xff) {
        end[i]++;
        byte[] cut = new byte[i + 1];
        System.arraycopy(end, 0, cut, 0, i + 1);
        return ByteSequence.from(cut);
      }
    }
    return ByteSequence.from(new byte[] {0});
  }

  static ByteSequence bytes(String s) {
    return ByteSequence.from(s, StandardCharsets.UTF_8);
  }
}
