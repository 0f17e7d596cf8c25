package dev.customapiserver.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("JSON bodies laid out as kube-apiserver writes them (Go's json.Encoder and json.MarshalIndent)")
class JsonOutputTest {
  static String indent(String compact) {
    return new String(JsonOutput.indent(compact.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
  }

  @Test
  @DisplayName("indented as kube-apiserver 1.36 answered curl for the default namespace: two spaces, ': ', one value per line, {} when empty, no newline at the end")
  void asKube() {
    String compact = "{\"kind\":\"Namespace\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"default\",\"labels\":"
        + "{\"kubernetes.io/metadata.name\":\"default\"},\"managedFields\":[{\"manager\":\"kube-apiserver\",\"fieldsV1\":"
        + "{\"f:metadata\":{\"f:labels\":{\".\":{},\"f:kubernetes.io/metadata.name\":{}}}}}]},\"spec\":{\"finalizers\":"
        + "[\"kubernetes\"]},\"status\":{\"phase\":\"Active\"}}";
    assertThat(indent(compact)).isEqualTo("""
        {
          "kind": "Namespace",
          "apiVersion": "v1",
          "metadata": {
            "name": "default",
            "labels": {
              "kubernetes.io/metadata.name": "default"
            },
            "managedFields": [
              {
                "manager": "kube-apiserver",
                "fieldsV1": {
                  "f:metadata": {
                    "f:labels": {
                      ".": {},
                      "f:kubernetes.io/metadata.name": {}
                    }
                  }
                }
              }
            ]
          },
          "spec": {
            "finalizers": [
              "kubernetes"
            ]
          },
          "status": {
            "phase": "Active"
          }
        }""");
  }

  @Test
  @DisplayName("strings are copied as they are: escaped quotes, backslashes, punctuation and non-ASCII text")
  void strings() {
    assertThat(indent("{\"a\\\"b\":\"x,{[:]}\\\\\",\"n\":[1,-2.5e3,true,null,[],{}],\"u\":\"\u00e9\\u003c\"}"))
        .isEqualTo("{\n  \"a\\\"b\": \"x,{[:]}\\\\\",\n  \"n\": [\n    1,\n    -2.5e3,\n    true,\n    null,\n    [],\n    {}\n  ],\n"
            + "  \"u\": \"\u00e9\\u003c\"\n}");
    assertThat(indent("[]")).isEqualTo("[]");
    assertThat(indent("\"s\"")).isEqualTo("\"s\"");
  }

  @Test
  @DisplayName("compact bodies end with a newline, as Go's json.Encoder writes them")
  void compact() {
    assertThat(new String(JsonOutput.of("{\"a\":1}".getBytes(StandardCharsets.UTF_8), false), StandardCharsets.UTF_8))
        .isEqualTo("{\"a\":1}\n");
  }
}
