package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The meta/v1 schemas (ObjectMeta, ListMeta, Status, DeleteOptions, Patch and what they reach) and
 * autoscaling/v1 Scale exactly as kube-apiserver 1.36 publishes them in a CRD group-version's OpenAPI
 * v3 document (the resource {@code kube-schemas.json}, taken from its answer): kube's field
 * documentation, required fields, list and map extensions, so {@code kubectl explain} of
 * {@code metadata} reads as it does against kube. Read once, immutable; each use gets a copy.
 */
final class KubeSchemas {
  private static final JsonNode SCHEMAS = read();

  private KubeSchemas() {}

  /** A fresh copy of the schema published under {@code name}. */
  static ObjectNode get(String name) {
    JsonNode s = SCHEMAS.get(name);
    if (!(s instanceof ObjectNode o)) {
      throw new IllegalArgumentException("no kube schema " + name);
    }
    return o.deepCopy();
  }

  /** Whether {@code name} is one of kube's schemas. */
  static boolean has(String name) {
    return SCHEMAS.has(name);
  }

  /** The names of kube's schemas starting with {@code prefix}. */
  static Iterable<String> names(String prefix) {
    List<String> names = new ArrayList<>();
    SCHEMAS.fieldNames().forEachRemaining(n -> {
      if (n.startsWith(prefix)) {
        names.add(n);
      }
    });
    return names;
  }

  private static JsonNode read() {
    try (InputStream in = KubeSchemas.class.getResourceAsStream("kube-schemas.json")) {
      if (in == null) {
        throw new IllegalStateException("kube-schemas.json missing from the classpath");
      }
      return new ObjectMapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
