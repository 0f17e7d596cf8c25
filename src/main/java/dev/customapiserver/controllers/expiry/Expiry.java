package dev.customapiserver.controllers.expiry;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.runtime.ResourceType;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The time-to-live service: for every kind that declares one ({@link ResourceType#timeToLive()},
 * e.g. Events with {@code --event-ttl}), one {@link Sweeper} deletes objects once their time to live
 * has passed since their last write, as kube-apiserver's storage does with etcd leases. The server
 * names no kind: it only resolves the setting each kind names. A cohabitant shares its owner's
 * objects, so only owners are swept. A zero or negative duration keeps objects forever.
 */
public final class Expiry implements AutoCloseable {
  /** Who deletes expired objects, as admission and audit see it. */
  static final UserInfo USER = UserInfo.of("system:apiserver", "system:masters", "system:authenticated");

  private final List<Sweeper<?>> sweepers;
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "expiry");
    t.setDaemon(true);
    return t;
  });

  private Expiry(List<Sweeper<?>> sweepers) {
    this.sweepers = sweepers;
  }

  /**
   * Sweepers for the registry's expiring kinds, their durations from {@code settings} (a setting's
   * name to its value).
   *
   * @throws IllegalArgumentException from {@code settings} when a kind names an unknown setting
   */
  public static Expiry over(Registry registry, Function<String, Duration> settings, Clock clock) {
    List<Sweeper<?>> sweepers = new ArrayList<>();
    for (ResourceType<?> type : registry.scheme().resources()) {
      if (type.storedAs().isEmpty() && type.timeToLive().isPresent()) {
        Duration ttl = settings.apply(type.timeToLive().get());
        if (!ttl.isZero() && !ttl.isNegative()) {
          sweepers.add(Sweeper.of(registry, type, ttl, clock));
        }
      }
    }
    return new Expiry(sweepers);
  }

  /** The kinds swept, as {@code plural.group} (for logs and tests). */
  public List<String> swept() {
    return sweepers.stream().map(s -> s.resource().toString()).toList();
  }

  /** Starts watching the expiring kinds and sweeping each at a tenth of its time to live (0.1 s to 10 s). */
  public void start() {
    for (Sweeper<?> s : sweepers) {
      s.start();
      long period = Math.max(100, Math.min(10_000, s.ttl().toMillis() / 10));
      timer.scheduleWithFixedDelay(s::sweep, period, period, TimeUnit.MILLISECONDS);
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
