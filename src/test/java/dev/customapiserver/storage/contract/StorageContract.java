package dev.customapiserver.storage.contract;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.contract.StorageFixture.Change;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The base of the contract suites: opens the backend of the {@link StorageFixture} that the
 * concrete test class's extension resolves, and closes everything afterwards.
 */
public abstract class StorageContract {
  protected final StorageCodec<Widget> codec = Widget.codec();
  protected StorageFixture fixture;
  protected StorageBackend backend;
  protected ResourceStore<Widget> store;

  @BeforeEach
  void openBackend(StorageFixture fixture) {
    this.fixture = fixture;
    this.backend = underTest(fixture.open());
    this.store = backend.forResource(Widget.RESOURCE, codec);
  }

  @AfterEach
  void closeFixture() {
    fixture.close();
  }

  /** The backend whose stores are tested: the one opened, or a decorator of it. */
  protected StorageBackend underTest(StorageBackend opened) {
    return opened;
  }

  /** Another backend on the same storage (closed with the fixture). */
  protected StorageBackend open() {
    return fixture.open();
  }

  protected Widget create(String namespace, String name) {
    return store.create(new ObjectKey(namespace, name), Widget.named(namespace, name));
  }

  protected List<Change> journal() throws Exception {
    return fixture.journal();
  }

  protected static long rv(Widget w) {
    return Long.parseLong(w.metadata().resourceVersion);
  }

  protected static void assertFails(StorageException.Reason reason, ThrowingCallable call) {
    assertThatExceptionOfType(StorageException.class).isThrownBy(call)
        .satisfies(e -> Assertions.assertThat(e.reason()).isEqualTo(reason));
  }
}
