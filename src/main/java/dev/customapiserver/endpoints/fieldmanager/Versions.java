package dev.customapiserver.endpoints.fieldmanager;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.schema.StructuralSchema;

/**
 * The served versions of one resource, so that ownership recorded in another version is compared
 * in that version (managedFields entries keep the apiVersion they were written in).
 */
public interface Versions {

  /** The wire type of {@code apiVersion}, or null when this resource is not served in it. */
  Class<?> type(String apiVersion);

  /**
   * The schema {@code apiVersion} was given at run time (a CustomResourceDefinition's), or null when
   * its wire type's class is its schema. When present it gives the list and map types and declares
   * the fields an applied configuration may name.
   */
  default StructuralSchema schema(String apiVersion) {
    return null;
  }

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
