package dev.customapiserver.endpoints.watch;

/** Told the size of each encoded watch event sent to a client (kube's {@code apiserver_watch_events_total} and {@code apiserver_watch_events_sizes}). */
public interface WatchEventObserver {
  /** Records nothing. */
  WatchEventObserver NONE = (group, version, kind, bytes) -> {};

  /** An event of {@code bytes} bytes, for a watch of {@code group/version} {@code resource} (plural). */
  void sent(String group, String version, String resource, int bytes);
}
