package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.contract.Widget;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.ResourceStore;
import java.nio.file.Path;

/**
 * Child process of {@link JpaH2CrashTest}: opens the H2 database under {@code args[0]} and creates
 * objects until killed, printing {@code ACK <name> <rv> END} after each create returned.
 * {@code args[1]}, when given, replaces the JDBC URL (to try other H2 settings by hand).
 */
public final class CrashWriter {
  private CrashWriter() {}

  public static void main(String[] args) {
    DatabaseSettings settings = args.length > 1 ? new DatabaseSettings(args[1], "sa", "")
        : DatabaseSettings.h2File(Path.of(args[0]));
    try (JpaStorageBackend backend = new JpaStorageBackend(settings)) {
      ResourceStore<Widget> store = backend.forResource(Widget.RESOURCE, Widget.codec());
      String prefix = "w" + ProcessHandle.current().pid() + "-";
      for (int i = 0; ; i++) {
        String name = prefix + i;
        Widget created = store.create(new ObjectKey("crash", name), Widget.named("crash", name));
        System.out.println("ACK " + name + " " + created.metadata().resourceVersion + " END");
        System.out.flush();
      }
    }
  }
}
