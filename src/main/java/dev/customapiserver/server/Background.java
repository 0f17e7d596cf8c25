package dev.customapiserver.server;

import java.util.ArrayList;
import java.util.List;

/**
 * The server's background work (controllers, sweepers) as one list: started in order when the
 * context starts, closed in reverse order before the storage closes. Each room adds its own.
 */
final class Background implements AutoCloseable {
  /** One piece of background work. */
  interface Task extends AutoCloseable {
    void start();

    @Override
    void close();
  }

  private final List<Task> tasks = new ArrayList<>();

  Background add(Runnable start, Runnable stop) {
    tasks.add(new Task() {
      @Override
      public void start() {
        start.run();
      }

      @Override
      public void close() {
        stop.run();
      }
    });
    return this;
  }

  void start() {
    tasks.forEach(Task::start);
  }

  @Override
  public void close() {
    for (int i = tasks.size() - 1; i >= 0; i--) {
      try {
        tasks.get(i).close();
      } catch (RuntimeException e) {
        System.getLogger(Background.class.getName()).log(System.Logger.Level.WARNING, "stopping failed", e);
      }
    }
  }
}
