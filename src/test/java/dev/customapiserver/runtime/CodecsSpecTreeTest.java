package dev.customapiserver.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ManagedFieldsEntry;
import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.apis.hello.Foo;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CodecsSpecTreeTest {
  private final Codecs codecs = new Codecs();

  /** What the generation compared before: the whole tree, then the four fields removed. */
  private ObjectNode throughWholeTree(KubeObject o) {
    ObjectNode tree = codecs.json().valueToTree(o);
    tree.remove(List.of("metadata", "status", "apiVersion", "kind"));
    return tree;
  }

  private static void meta(KubeObject o) {
    o.apiVersion = "g/v1";
    o.kind = "K";
    o.metadata().name = "n";
    o.metadata().labels = new java.util.LinkedHashMap<>(java.util.Map.of("a", "b"));
    ManagedFieldsEntry e = new ManagedFieldsEntry();
    e.manager = "m";
    e.operation = "Update";
    e.time = Instant.parse("2024-01-01T00:00:00Z");
    o.metadata().managedFields = List.of(e);
  }

  @Test
  @DisplayName("the spec tree of a typed object is its whole tree without apiVersion, kind, metadata and status")
  void typed() {
    Foo f = new Foo();
    meta(f);
    f.spec.image = "img";
    f.spec.config.msg = "hello";
    f.status = new Foo.Status();
    f.status.phase = "Ready";
    ObjectNode spec = codecs.specTree(f);
    assertThat(spec).isEqualTo(throughWholeTree(f));
    assertThat(spec.toString()).isEqualTo("{\"spec\":{\"image\":\"img\",\"config\":{\"msg\":\"hello\"}}}");
    assertThat(f.metadata().managedFields).hasSize(1); // the object is left as it was
  }

  @Test
  @DisplayName("the spec tree of a custom resource keeps its other top-level fields, without its status")
  void unstructured() throws Exception {
    Unstructured u = new Unstructured();
    meta(u);
    u.set("spec", codecs.json().readTree("{\"n\":1,\"x\":[1.5,\"a\"]}"));
    u.set("status", codecs.json().readTree("{\"ready\":true}"));
    u.set("data", codecs.json().readTree("{\"k\":\"v\"}"));
    ObjectNode spec = codecs.specTree(u);
    assertThat(spec).isEqualTo(throughWholeTree(u));
    assertThat(spec.toString()).isEqualTo("{\"spec\":{\"n\":1,\"x\":[1.5,\"a\"]},\"data\":{\"k\":\"v\"}}");
  }
}
