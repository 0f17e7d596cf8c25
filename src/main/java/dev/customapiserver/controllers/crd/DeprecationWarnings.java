package dev.customapiserver.controllers.crd;

import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;

/**
 * The warning kube sends with every request to a deprecated version of a custom resource: the
 * version's {@code deprecationWarning}, else {@code <group>/<version> <Kind> is deprecated; use
 * <group>/<version> <Kind>} naming the most preferred served version that is not deprecated and is
 * preferred over this one (without {@code ; use ...} when there is none).
 */
final class DeprecationWarnings {
  private DeprecationWarnings() {}

  /** The warning of {@code v}, or null when it is not deprecated. */
  static String of(CustomResourceDefinition crd, CustomResourceDefinition.Version v, String kind) {
    if (!Boolean.TRUE.equals(v.deprecated)) {
      return null;
    }
    if (v.deprecationWarning != null) {
      return v.deprecationWarning.isEmpty() ? null : v.deprecationWarning;
    }
    String msg = crd.spec.group + "/" + v.name + " " + kind + " is deprecated";
    VersionPriority priority = new VersionPriority();
    String use = null;
    for (CustomResourceDefinition.Version other : crd.spec.versions) {
      if (other.serves() && !Boolean.TRUE.equals(other.deprecated) && priority.compare(other.name, v.name) < 0
          && (use == null || priority.compare(other.name, use) < 0)) {
        use = other.name;
      }
    }
    return use == null ? msg : msg + "; use " + crd.spec.group + "/" + use + " " + kind;
  }
}
