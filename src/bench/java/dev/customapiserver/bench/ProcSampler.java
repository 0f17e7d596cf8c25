package dev.customapiserver.bench;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Samples the server's VmRSS and thread count every 250 ms and keeps the peaks. */
final class ProcSampler implements AutoCloseable {
  private final ServerUnderTest server;
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "bench-proc-sampler");
    t.setDaemon(true);
    return t;
  });
  private volatile long peakRssKb = -1;
  private volatile long peakThreads = -1;

  ProcSampler(ServerUnderTest server) {
    this.server = server;
    timer.scheduleAtFixedRate(this::sample, 0, 250, TimeUnit.MILLISECONDS);
  }

  private void sample() {
    ServerUnderTest.ProcStatus s = server.procStatus();
    peakRssKb = Math.max(peakRssKb, s.rssKb());
    peakThreads = Math.max(peakThreads, s.threads());
  }

  long peakRssKb() {
    return peakRssKb;
  }

  long peakThreads() {
    return peakThreads;
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
