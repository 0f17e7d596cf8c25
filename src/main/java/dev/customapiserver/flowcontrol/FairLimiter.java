package dev.customapiserver.flowcontrol;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/**
 * At most {@code capacity} holders at once (0 = no limit). Without fairness a request that finds
 * every seat taken is refused at once. With fairness it waits in its flow's queue (a flow is a
 * user; at most {@code queueLength} waiting per flow, each at most {@code maxWait}); a freed seat
 * goes to the head of the next flow in round-robin order, so a flow with many waiting requests gets
 * one seat per turn like every other flow. Thread-safe.
 */
public final class FairLimiter {
  private final int capacity;
  private final boolean fair;
  private final int queueLength;
  private final Duration maxWait;
  private final IntConsumer queueChanges;
  /** Flows with waiting requests, in serving order: the next seat goes to the first; served flows move to the end. */
  private final Map<String, ArrayDeque<Waiter>> queues = new LinkedHashMap<>();
  private int inUse;

  /** One waiting request: granted (by a release) or given up (by its timeout), whichever comes first. */
  private static final class Waiter {
    final CountDownLatch granted = new CountDownLatch(1);
    boolean done;
  }

  /**
   * @param queueChanges told +1 when a request starts waiting and -1 when it stops (for a gauge)
   */
  public FairLimiter(int capacity, boolean fair, int queueLength, Duration maxWait, IntConsumer queueChanges) {
    this.capacity = capacity;
    this.fair = fair;
    this.queueLength = queueLength;
    this.maxWait = maxWait;
    this.queueChanges = queueChanges;
  }

  /**
   * Takes a seat for {@code flow}, waiting in its queue when fair; false when refused (no seat and
   * not fair, the flow's queue full, or the wait over). A true result must be {@link #release}d.
   */
  public boolean acquire(String flow) throws InterruptedException {
    Waiter w;
    synchronized (this) {
      if (capacity <= 0) {
        return true;
      }
      if (inUse < capacity && queues.isEmpty()) {
        inUse++;
        return true;
      }
      if (!fair) {
        return false;
      }
      ArrayDeque<Waiter> q = queues.computeIfAbsent(flow, f -> new ArrayDeque<>());
      if (q.size() >= queueLength) {
        if (q.isEmpty()) {
          queues.remove(flow);
        }
        return false;
      }
      w = new Waiter();
      q.add(w);
    }
    queueChanges.accept(1);
    try {
      if (w.granted.await(maxWait.toNanos(), TimeUnit.NANOSECONDS)) {
        return true;
      }
      synchronized (this) {
        if (w.done) {
          return true; // granted just as the wait ended
        }
        w.done = true;
        ArrayDeque<Waiter> q = queues.get(flow);
        q.remove(w);
        if (q.isEmpty()) {
          queues.remove(flow);
        }
        return false;
      }
    } catch (InterruptedException e) {
      synchronized (this) {
        if (w.done) {
          release(); // granted meanwhile: hand the seat on
        } else {
          w.done = true;
          ArrayDeque<Waiter> q = queues.get(flow);
          q.remove(w);
          if (q.isEmpty()) {
            queues.remove(flow);
          }
        }
      }
      throw e;
    } finally {
      queueChanges.accept(-1);
    }
  }

  /** Gives a seat back: to the next flow's oldest waiting request, or free. */
  public synchronized void release() {
    if (capacity <= 0) {
      return;
    }
    Iterator<Map.Entry<String, ArrayDeque<Waiter>>> it = queues.entrySet().iterator();
    if (it.hasNext()) {
      Map.Entry<String, ArrayDeque<Waiter>> next = it.next();
      it.remove();
      Waiter w = next.getValue().poll();
      if (!next.getValue().isEmpty()) {
        queues.put(next.getKey(), next.getValue()); // to the end of the round
      }
      w.done = true;
      w.granted.countDown(); // the seat passes on: inUse unchanged
      return;
    }
    inUse--;
  }

  /** Requests holding a seat now. */
  public synchronized int inUse() {
    return inUse;
  }
}
