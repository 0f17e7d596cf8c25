package dev.customapiserver.storage.memory;

import dev.customapiserver.storage.ObjectKey;
import java.util.Comparator;

/** The order of keys in lists: namespace, then name. */
final class Keys {
  static final Comparator<ObjectKey> ORDER = Comparator.comparing(ObjectKey::namespace).thenComparing(ObjectKey::name);

  private Keys() {}
}
