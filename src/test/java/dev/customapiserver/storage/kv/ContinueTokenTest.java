package dev.customapiserver.storage.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import dev.customapiserver.storage.contract.Widget;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("the continue token of the backends that make their own")
class ContinueTokenTest {

  @Test
  @DisplayName("round-trips and survives odd key characters")
  void roundTrip() {
    ContinueToken t = new ContinueToken(42, "ns\"/é", "a\u0000b");
    assertThat(ContinueToken.decode(t.encode(), null, null)).isEqualTo(t);
    assertThat(ContinueToken.decode(t.encode(), "ns\"/é", "0")).isEqualTo(t);
  }

  @Test
  @DisplayName("refuses garbage, another namespace's token and a resourceVersion with INVALID_ARGUMENT")
  void refused() {
    String token = new ContinueToken(7, "a", "x").encode();
    assertThatThrownBy(() -> ContinueToken.decode("not base64 !", null, null)).isInstanceOf(StorageException.class)
        .extracting(e -> ((StorageException) e).reason()).isEqualTo(Reason.INVALID_ARGUMENT);
    assertThatThrownBy(() -> ContinueToken.decode(token, "b", null))
        .hasMessage("continue key is not valid: it belongs to another namespace");
    assertThatThrownBy(() -> ContinueToken.decode(token, "a", "5"))
        .hasMessage("specifying resource version is not allowed when using continue");
  }

  @Test
  @DisplayName("a compacted token's EXPIRED carries a fresh token for the same key")
  void expired() {
    StorageException e = new ContinueToken(3, "a", "x").expired(9);
    assertThat(e.reason()).isEqualTo(Reason.EXPIRED);
    assertThat(ContinueToken.decode(e.freshContinue(), null, null)).isEqualTo(new ContinueToken(9, "a", "x"));
  }

  @Test
  @DisplayName("a page continues after its last item, with the count of the rest when counted")
  void page() {
    List<Widget> items = List.of(Widget.named("a", "x"), Widget.named(null, "y"));
    ListPage<Widget> last = ContinueToken.page(items, 5, 0, true);
    assertThat(last.continueToken()).isNull();
    assertThat(last.remainingItemCount()).isNull();
    ListPage<Widget> counted = ContinueToken.page(items, 5, 3, true);
    assertThat(ContinueToken.decode(counted.continueToken(), null, null)).isEqualTo(new ContinueToken(5, "", "y"));
    assertThat(counted.remainingItemCount()).isEqualTo(3);
    assertThat(ContinueToken.page(items, 5, 1000, false).remainingItemCount()).isNull();
  }
}
