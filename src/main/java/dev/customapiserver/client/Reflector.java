package dev.customapiserver.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * client-go's reflector: lists a collection of the cluster, then watches it from the list's
 * resourceVersion on a daemon thread of its own, listing again after a broken watch or an ERROR
 * event (e.g. 410 Gone), with a pause between attempts, until {@link #close()}. What it lists and
 * sees goes to a {@link Handler}; BOOKMARK events only move the watch along.
 */
public final class Reflector implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final ClusterClient client;
  private final String collection;
  private final String query;
  private final boolean bookmarks;
  private final String threadName;
  private final long retryMillis;
  private final Handler handler;
  private final Object pause = new Object();
  private volatile boolean closed;
  private volatile InputStream watch;
  private Thread thread;

  /** What a {@link Reflector} lists and sees, called on its thread. */
  public interface Handler {
    /** The body of a successful list (its {@code items} the whole collection now). */
    void listed(JsonNode list);

    /** An {@code ADDED}, {@code MODIFIED} or {@code DELETED} event of the watch, with its object. */
    void event(String type, JsonNode object);

    /** A list or watch that failed (not called once closed); listing again follows the pause. */
    void failed(IOException e);
  }

  /**
   * @param collection the collection's path in the cluster, e.g. {@code /api/v1/namespaces}
   * @param query the list's query without {@code ?}, e.g. a {@code fieldSelector} ({@code ""} for none),
   *     also sent with the watch
   * @param bookmarks whether the watch asks for BOOKMARK events ({@code allowWatchBookmarks})
   * @param threadName the name of the thread listing and watching
   * @param retryMillis the pause before listing again after a failure or the end of a watch
   */
  public Reflector(ClusterClient client, String collection, String query, boolean bookmarks, String threadName,
      long retryMillis, Handler handler) {
    this.client = client;
    this.collection = collection;
    this.query = query;
    this.bookmarks = bookmarks;
    this.threadName = threadName;
    this.retryMillis = retryMillis;
    this.handler = handler;
  }

  /** Starts listing and watching (once; not after {@link #close()}). */
  public synchronized void start() {
    if (thread == null && !closed) {
      thread = new Thread(this::run, threadName);
      thread.setDaemon(true);
      thread.start();
    }
  }

  private void run() {
    while (!closed) {
      try {
        ClusterClient.Response list = client.get(query.isEmpty() ? collection : collection + "?" + query);
        if (!list.ok()) {
          throw new IOException("HTTP " + list.code() + " " + list.body().path("message").asText(""));
        }
        handler.listed(list.body());
        String rv = list.body().path("metadata").path("resourceVersion").asText("");
        readWatch(client.watch(collection + "?" + (query.isEmpty() ? "" : query + "&") + "watch=true&allowWatchBookmarks="
            + bookmarks + "&timeoutSeconds=300" + (rv.isEmpty() ? "" : "&resourceVersion=" + rv)));
      } catch (IOException e) {
        if (!closed) {
          handler.failed(e);
        }
      } catch (InterruptedException e) {
        return;
      }
      pause();
    }
  }

  private void readWatch(InputStream stream) throws IOException {
    watch = stream;
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null && !closed; line = lines.readLine()) {
        if (line.isBlank()) {
          continue;
        }
        JsonNode event = JSON.readTree(line);
        String type = event.path("type").asText();
        switch (type) {
          case "ADDED", "MODIFIED", "DELETED" -> handler.event(type, event.path("object"));
          case "ERROR" -> {
            return; // e.g. 410 Gone: list again
          }
          default -> { } // BOOKMARK
        }
      }
    } finally {
      watch = null;
    }
  }

  private void pause() {
    synchronized (pause) {
      if (!closed) {
        try {
          pause.wait(retryMillis);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  /** Stops: ends the pause, interrupts the thread and closes the watch stream. */
  @Override
  public void close() {
    closed = true;
    synchronized (pause) {
      pause.notifyAll();
    }
    Thread t;
    synchronized (this) {
      t = thread;
    }
    if (t != null) {
      t.interrupt();
    }
    InputStream w = watch;
    if (w != null) {
      try {
        w.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
  }
}
