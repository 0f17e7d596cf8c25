package dev.customapiserver.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.storage.contract.Widget;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class StorageCodecTemplateTest {
  private final StorageCodec<Widget> codec = Widget.codec();

  @Test
  @DisplayName("an object encoded before its revision is known stores the same bytes as one encoded with it")
  void templateMatchesEncode() {
    Widget w = Widget.named("ns", "w1").label("app", "x");
    w.spec.note = "hello \"quoted\" resourceVersion";
    StorageCodec<Widget>.Template t = codec.template(w);
    assertThat(w.metadata().resourceVersion).isNull();
    w.metadata().resourceVersion = "12345";
    byte[] expected = codec.encode(w);
    assertThat(new String(t.encode("12345"), StandardCharsets.UTF_8)).isEqualTo(new String(expected, StandardCharsets.UTF_8));
    assertThat(codec.decode(t.encode("7"), "ns", "w1").metadata().resourceVersion).isEqualTo("7");
  }

  @Test
  @DisplayName("an object whose content carries the placeholder itself is encoded again, correctly")
  void placeholderInContent() {
    Widget w = Widget.named("ns", "w2");
    w.metadata().resourceVersion = "3";
    w.label("resourceVersion", "#resourceVersion#");
    w.spec.note = "\"resourceVersion\":\"#resourceVersion#\"";
    StorageCodec<Widget>.Template t = codec.template(w);
    assertThat(w.metadata().resourceVersion).isEqualTo("3");
    Widget back = codec.decode(t.encode("42"), "ns", "w2");
    assertThat(back.metadata().resourceVersion).isEqualTo("42");
    assertThat(back.spec.note).isEqualTo(w.spec.note);
    assertThat(w.metadata().resourceVersion).isEqualTo("3");
  }

  @Test
  @DisplayName("decoding reads the stored version's JSON, with or without apiVersion")
  void decodes() {
    Widget back = codec.decode("{\"metadata\":{\"name\":\"a\",\"resourceVersion\":\"5\"},\"spec\":{\"counter\":2}}"
        .getBytes(StandardCharsets.UTF_8), null, "a");
    assertThat(back.metadata().name).isEqualTo("a");
    assertThat(back.spec.counter).isEqualTo(2);
  }
}
