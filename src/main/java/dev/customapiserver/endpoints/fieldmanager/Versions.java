package dev.customapiserver.endpoints.fieldmanager;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The served versions of one resource, so that ownership recorded in another version is compared
 * in that version (managedFields entries keep the apiVersion they were written in).
 */
public interface Versions {

  /** The wire type of {@code apiVersion}, or null when this resource is not served in it. */
  Class<?> type(String apiVersion);

  /**
   * A whole object of {@code from} as an object of {@code to} (through the hub); throws
   * IllegalArgumentException when it cannot be converted.
   */
  ObjectNode convert(ObjectNode tree, String from, String to);

  /** One version only: nothing to convert. */
  static Versions single(Class<?> type, String apiVersion) {
    return new Versions() {
      @Override
      public Class<?> type(String v) {
        return apiVersion.equals(v) ? type : null;
      }

      @Override
      public ObjectNode convert(ObjectNode tree, String from, String to) {
        if (!from.equals(to)) {
          throw new IllegalArgumentException("not served in " + to);
        }
        return tree;
      }
    };
  }
}
