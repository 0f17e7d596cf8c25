package dev.customapiserver.storage.contract;

import static dev.customapiserver.storage.StorageException.Reason.INVALID_ARGUMENT;
import static dev.customapiserver.storage.StorageException.Reason.TOO_LARGE_RESOURCE_VERSION;
import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.contract.StorageFixture.Change;
import dev.customapiserver.storage.ResourceVersionMatch;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** List: key order, namespaces, filters before limits, continue tokens. */
public abstract class ListContract extends StorageContract {

  private List<String> keys(List<Widget> items) {
    return items.stream().map(w -> w.metadata().namespace + "/" + w.metadata().name).toList();
  }

  private void seed() {
    // 3 namespaces x 10 names, created out of order; label parity=even|odd
    for (int i = 9; i >= 0; i--) {
      for (String ns : List.of("ns-b", "ns-a", "ns-c")) {
        store.create(new ObjectKey(ns, "w" + i), Widget.named(ns, "w" + i).label("parity", i % 2 == 0 ? "even" : "odd"));
      }
    }
  }

  private static ListRequest<Widget> request(String ns, Predicate<Widget> filter, long limit, String token) {
    return new ListRequest<>(ns, filter, limit, token, null, ResourceVersionMatch.UNSET);
  }

  @Test
  @DisplayName("list returns all objects of the resource in key order with the current revision")
  void listAll() {
    seed();
    ListPage<Widget> page = store.list(ListRequest.all(null));
    assertThat(page.items()).hasSize(30);
    assertThat(keys(page.items())).isSorted().startsWith("ns-a/w0", "ns-a/w1").endsWith("ns-c/w9");
    assertThat(page.resourceVersion()).isEqualTo(backend.currentRevision());
    assertThat(page.continueToken()).isNull();
    assertThat(page.items()).allSatisfy(w -> assertThat(w.metadata().resourceVersion).isNotNull());
  }

  @Test
  @DisplayName("list of one namespace returns only its objects; of an empty resource nothing")
  void listNamespace() {
    assertThat(store.list(ListRequest.all(null)).items()).isEmpty();
    seed();
    assertThat(keys(store.list(ListRequest.all("ns-b")).items())).hasSize(10).allMatch(k -> k.startsWith("ns-b/"));
  }

  @Test
  @DisplayName("pages across namespaces with a filter: filter before limit, every match once, in order")
  void paginateWithFilter() {
    seed();
    Predicate<Widget> even = w -> "even".equals(w.metadata().labelsOrEmpty().get("parity"));
    List<Widget> all = new ArrayList<>();
    String token = null;
    long firstRv = -1;
    int pages = 0;
    do {
      ListPage<Widget> page = store.list(request(null, even, 4, token));
      assertThat(page.items().size()).isLessThanOrEqualTo(4);
      if (firstRv < 0) {
        firstRv = page.resourceVersion();
        create("ns-z", "written-between-pages");
      }
      assertThat(page.resourceVersion()).as("later pages report the first page's revision").isEqualTo(firstRv);
      all.addAll(page.items());
      token = page.continueToken();
      pages++;
    } while (token != null);
    assertThat(keys(all)).hasSize(15).isSorted().doesNotHaveDuplicates().allMatch(k -> k.matches(".*w[02468]"));
    assertThat(pages).isEqualTo(4);
  }

  @Test
  @DisplayName("pages of one namespace; remainingItemCount counts what follows when known")
  void paginateNamespace() {
    seed();
    ListPage<Widget> first = store.list(request("ns-c", w -> true, 4, null));
    assertThat(keys(first.items())).containsExactly("ns-c/w0", "ns-c/w1", "ns-c/w2", "ns-c/w3");
    assertThat(first.continueToken()).isNotNull();
    ListPage<Widget> second = store.list(request("ns-c", w -> true, 4, first.continueToken()));
    assertThat(keys(second.items())).containsExactly("ns-c/w4", "ns-c/w5", "ns-c/w6", "ns-c/w7");
    assertThat(second.remainingItemCount()).isEqualTo(2L);
    ListPage<Widget> third = store.list(request("ns-c", w -> true, 4, second.continueToken()));
    assertThat(keys(third.items())).containsExactly("ns-c/w8", "ns-c/w9");
    assertThat(third.continueToken()).isNull();
  }

  @Test
  @DisplayName("a page that ends exactly at the last match has no continue token")
  void exactLastPage() {
    seed();
    ListPage<Widget> page = store.list(request("ns-a", w -> true, 10, null));
    assertThat(page.items()).hasSize(10);
    assertThat(page.continueToken()).isNull();
  }

  @Test
  @DisplayName("a malformed or foreign continue token fails with INVALID_ARGUMENT")
  void badToken() {
    seed();
    String garbage = Base64.getUrlEncoder().encodeToString("{\"x\":1}".getBytes(StandardCharsets.UTF_8));
    assertFails(INVALID_ARGUMENT, () -> store.list(request(null, w -> true, 2, "not base64 !")));
    assertFails(INVALID_ARGUMENT, () -> store.list(request(null, w -> true, 2, garbage)));
    String token = store.list(request("ns-a", w -> true, 2, null)).continueToken();
    assertFails(INVALID_ARGUMENT, () -> store.list(request("ns-b", w -> true, 2, token)));
    assertFails(INVALID_ARGUMENT, () -> store.list(new ListRequest<>("ns-a", w -> true, 2, token, "5",
        ResourceVersionMatch.UNSET)));
  }

  @Test
  @DisplayName("a resourceVersion parameter newer than the database fails; a bad one is invalid")
  void resourceVersionParameter() {
    seed();
    long now = backend.currentRevision();
    assertThat(store.list(new ListRequest<>(null, w -> true, 0, null, Long.toString(now),
        ResourceVersionMatch.NOT_OLDER_THAN)).items()).hasSize(30);
    // resourceVersion=0 means "any state": a watch cache may serve one a little behind the newest write,
    // but it must be a consistent snapshot: exactly the objects created at or before its revision
    ListPage<Widget> any = store.list(new ListRequest<>(null, w -> true, 0, null, "0", ResourceVersionMatch.UNSET));
    assertThat(any.resourceVersion()).isLessThanOrEqualTo(now);
    assertThat(any.items()).hasSize((int) (30 - (now - any.resourceVersion())))
        .allSatisfy(w -> assertThat(Long.parseLong(w.metadata().resourceVersion)).isLessThanOrEqualTo(any.resourceVersion()));
    assertFails(TOO_LARGE_RESOURCE_VERSION, () -> store.list(new ListRequest<>(null, w -> true, 0, null,
        Long.toString(now + 1), ResourceVersionMatch.NOT_OLDER_THAN)));
    assertFails(INVALID_ARGUMENT, () -> store.list(new ListRequest<>(null, w -> true, 0, null, "abc",
        ResourceVersionMatch.UNSET)));
  }
}
