package dev.customapiserver.flowcontrol;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("FairLimiter: bounded seats, refused at once or queued per user and served round robin")
class FairLimiterTest {
  private final Semaphore queued = new Semaphore(0);
  private final Semaphore admitted = new Semaphore(0);
  private final List<String> order = new CopyOnWriteArrayList<>();

  @Test
  @DisplayName("without fairness a request that finds every seat taken is refused at once; a released seat is free again")
  void plain() throws Exception {
    FairLimiter l = new FairLimiter(2, false, 50, Duration.ofMinutes(1), d -> {});
    assertThat(l.acquire("a")).isTrue();
    assertThat(l.acquire("b")).isTrue();
    assertThat(l.acquire("c")).isFalse();
    l.release();
    assertThat(l.acquire("c")).isTrue();
    assertThat(l.inUse()).isEqualTo(2);
  }

  @Test
  @DisplayName("a limit of 0 means no limit")
  void unlimited() throws Exception {
    FairLimiter l = new FairLimiter(0, false, 50, Duration.ofMinutes(1), d -> {});
    for (int i = 0; i < 1000; i++) {
      assertThat(l.acquire("a")).isTrue();
    }
  }

  @Test
  @DisplayName("with fairness a noisy user's queued requests take turns with a quiet user's: the quiet one is served second, not last")
  void roundRobin() throws Exception {
    FairLimiter l = new FairLimiter(1, true, 50, Duration.ofMinutes(5), d -> {
      if (d > 0) {
        queued.release();
      }
    });
    assertThat(l.acquire("noisy")).isTrue(); // noisy-0 holds the only seat
    waiter(l, "noisy", "noisy-1");
    waiter(l, "noisy", "noisy-2");
    waiter(l, "noisy", "noisy-3");
    waiter(l, "quiet", "quiet-1");

    for (int i = 0; i < 4; i++) {
      l.release();
      assertThat(admitted.tryAcquire(30, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(order).containsExactly("noisy-1", "quiet-1", "noisy-2", "noisy-3");
  }

  @Test
  @DisplayName("a user's queue is bounded: beyond it the request is refused at once, other users still queue")
  void boundedQueue() throws Exception {
    FairLimiter l = new FairLimiter(1, true, 1, Duration.ofMinutes(5), d -> {
      if (d > 0) {
        queued.release();
      }
    });
    assertThat(l.acquire("noisy")).isTrue();
    waiter(l, "noisy", "noisy-1");
    assertThat(l.acquire("noisy")).as("noisy's queue is full").isFalse();
    waiter(l, "quiet", "quiet-1");
    for (int i = 0; i < 2; i++) { // one seat at a time, so the order seen is the order of admission
      l.release();
      assertThat(admitted.tryAcquire(30, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(order).containsExactly("noisy-1", "quiet-1");
  }

  @Test
  @DisplayName("a request that waits longer than the bound is refused and leaves the queue")
  void waitBound() throws Exception {
    FairLimiter l = new FairLimiter(1, true, 50, Duration.ofMillis(1), d -> {});
    assertThat(l.acquire("a")).isTrue();
    assertThat(l.acquire("b")).isFalse();
    l.release();
    assertThat(l.inUse()).as("the seat is free, not handed to the request that gave up").isZero();
    assertThat(l.acquire("c")).isTrue();
  }

  /** Starts a thread that waits for a seat as {@code flow}, and returns once it is queued. */
  private void waiter(FairLimiter l, String flow, String name) throws InterruptedException {
    Thread t = new Thread(() -> {
      try {
        if (l.acquire(flow)) {
          order.add(name);
          admitted.release();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, name);
    t.setDaemon(true);
    t.start();
    assertThat(queued.tryAcquire(30, TimeUnit.SECONDS)).as(name + " queued").isTrue();
  }
}
