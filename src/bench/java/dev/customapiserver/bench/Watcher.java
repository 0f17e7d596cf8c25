package dev.customapiserver.bench;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;

/**
 * One watch stream's line subscriber: stamps each event line with {@link System#nanoTime()} on arrival and
 * keeps the resourceVersion of events on the benchmark's write objects (names starting with {@code w-}).
 * Lines arrive one at a time (Flow rules), so no locking; readers look after {@link #count()}.
 */
final class Watcher implements Flow.Subscriber<String> {
  private final String sentinelName;
  private final CountDownLatch sentinelSeen;
  private final long[] rvs;
  private final long[] arrivals;
  private volatile int count;
  private volatile int overflow;
  private volatile int otherEvents;
  private volatile int errorEvents;
  private volatile boolean sawSentinel;
  private volatile boolean ended;
  private volatile Throwable failure;
  private volatile int status = -1;
  private volatile Flow.Subscription subscription;

  Watcher(String sentinelName, CountDownLatch sentinelSeen, int expected) {
    this.sentinelName = sentinelName;
    this.sentinelSeen = sentinelSeen;
    this.rvs = new long[expected];
    this.arrivals = new long[expected];
  }

  void status(int code) {
    status = code;
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    subscription = s;
    s.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(String line) {
    long now = System.nanoTime();
    if (line.isBlank()) {
      return;
    }
    String type = field(line, "\"type\":\"");
    if (!"ADDED".equals(type) && !"MODIFIED".equals(type)) {
      if ("ERROR".equals(type)) {
        errorEvents++;
      } else {
        otherEvents++;
      }
      return;
    }
    String name = field(line, "\"name\":\"");
    if (name == null) {
      otherEvents++;
    } else if (name.startsWith("w-")) {
      int n = count;
      if (n < rvs.length) {
        rvs[n] = Long.parseLong(field(line, "\"resourceVersion\":\""));
        arrivals[n] = now;
        count = n + 1;
      } else {
        overflow++;
      }
    } else if (name.equals(sentinelName)) {
      if (!sawSentinel) {
        sawSentinel = true;
        sentinelSeen.countDown();
      }
    } else {
      otherEvents++;
    }
  }

  /** The string value after the first occurrence of {@code key}, e.g. {@code "name":"}; null if absent. */
  private static String field(String line, String key) {
    int i = line.indexOf(key);
    if (i < 0) {
      return null;
    }
    int start = i + key.length();
    int end = line.indexOf('"', start);
    return end < 0 ? null : line.substring(start, end);
  }

  @Override
  public void onError(Throwable t) {
    failure = t;
    ended = true;
  }

  @Override
  public void onComplete() {
    ended = true;
  }

  void cancel() {
    Flow.Subscription s = subscription;
    if (s != null) {
      s.cancel();
    }
  }

  int count() {
    return count;
  }

  long rv(int i) {
    return rvs[i];
  }

  long arrival(int i) {
    return arrivals[i];
  }

  int overflow() {
    return overflow;
  }

  int otherEvents() {
    return otherEvents;
  }

  int errorEvents() {
    return errorEvents;
  }

  boolean sawSentinel() {
    return sawSentinel;
  }

  boolean ended() {
    return ended;
  }

  Throwable failure() {
    return failure;
  }

  int status() {
    return status;
  }
}
