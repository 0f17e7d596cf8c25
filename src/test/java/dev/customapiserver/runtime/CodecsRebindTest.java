package dev.customapiserver.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.storage.contract.Widget;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CodecsRebindTest {
  private final Codecs codecs = new Codecs();

  private Object throughText(Object value, Class<?> type) throws Exception {
    return codecs.json().readValue(codecs.toJson(value), type);
  }

  @Test
  @DisplayName("a value copied without text binds to the same values and number types as a JSON round trip")
  void sameAsJsonRoundTrip() throws Exception {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("small", 1L);
    m.put("short", (short) 7);
    m.put("long", 1_000_000_000_000L);
    m.put("big", new BigInteger("123456789012345678901234567890"));
    m.put("bigSmall", BigInteger.valueOf(5));
    m.put("double", 1.5);
    m.put("float", 1.1f);
    m.put("decimal", new BigDecimal("2.25"));
    m.put("text", "x\"y");
    m.put("flag", true);
    m.put("nothing", null);
    m.put("list", new ArrayList<>(List.of(1L, "a", Map.of("k", 3L))));
    for (Class<?> type : List.of(Map.class, Object.class, JsonNode.class)) {
      assertThat(codecs.rebind(m, type)).as(type.getSimpleName()).isEqualTo(throughText(m, type));
    }
  }

  @Test
  @DisplayName("a stored object's copy equals the decoded encoding and shares nothing with the original")
  void copyIsDeepAndEqual() {
    StorageCodec<Widget> codec = Widget.codec();
    Widget w = Widget.named("ns", "w1").label("app", "x");
    w.metadata().resourceVersion = "9";
    w.spec.note = "n";
    w.spec.counter = 3;
    Widget copy = codec.copy(w);
    Widget decoded = codec.decode(codec.encode(w), "ns", "w1");
    assertThat(codecs.toJson(copy)).isEqualTo(codecs.toJson(decoded));
    copy.metadata().labels.put("app", "changed");
    copy.spec.note = "other";
    assertThat(w.metadata().labels).containsEntry("app", "x");
    assertThat(w.spec.note).isEqualTo("n");
  }
}
