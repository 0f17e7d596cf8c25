package dev.customapiserver.storage.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.storage.WatchListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A listener that queues what it gets; tests wait on it with bounded polls, never sleeps. */
public class WatchRecorder implements WatchListener<Widget> {
  public static final long TIMEOUT_SECONDS = 30;

  public final BlockingQueue<WatchEvent<Widget>> events = new LinkedBlockingQueue<>();
  public final BlockingQueue<Optional<StorageException>> closed = new LinkedBlockingQueue<>();

  @Override
  public void onEvent(WatchEvent<Widget> event) {
    events.add(event);
  }

  @Override
  public void onClose(StorageException reason) {
    closed.add(Optional.ofNullable(reason));
  }

  public WatchEvent<Widget> next() throws InterruptedException {
    WatchEvent<Widget> e = events.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    assertThat(e).as("an event within %s s", TIMEOUT_SECONDS).isNotNull();
    return e;
  }

  /** Events until (and including) the first one at or past {@code rv}. */
  public List<WatchEvent<Widget>> until(long rv) throws InterruptedException {
    List<WatchEvent<Widget>> got = new ArrayList<>();
    while (got.isEmpty() || got.get(got.size() - 1).resourceVersion() < rv) {
      got.add(next());
    }
    return got;
  }

  public Optional<StorageException> awaitClose() throws InterruptedException {
    Optional<StorageException> r = closed.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    assertThat(r).as("closed within %s s", TIMEOUT_SECONDS).isNotNull();
    return r;
  }
}
