package dev.customapiserver.storage.jpa;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Wakes the change-log tailer: signalled after every local commit, by PostgreSQL notifications and
 * when a watch starts or closes. Signals coalesce: many commits during one tailer pass cause one
 * more pass, never a lost wake-up (the permit is taken before the tailer reads).
 */
final class WakeUp {
  private final Semaphore permit = new Semaphore(0);
  /** Set when the database may hold rows this process did not commit (another process's write). */
  private final AtomicBoolean database = new AtomicBoolean(true);

  /** Wakes the tailer to read the database: another process committed something. */
  void signalDatabase() {
    database.set(true);
    signal();
  }

  /** Whether {@link #signalDatabase} was called since the last call; clears it. */
  boolean takeDatabase() {
    return database.getAndSet(false);
  }

  void signal() {
    if (permit.availablePermits() == 0) {
      permit.release();
    }
  }

  /** Waits until signalled or {@code millis} pass; consumes the signal. */
  void await(long millis) throws InterruptedException {
    if (permit.tryAcquire(millis, TimeUnit.MILLISECONDS)) {
      permit.drainPermits();
    }
  }
}
