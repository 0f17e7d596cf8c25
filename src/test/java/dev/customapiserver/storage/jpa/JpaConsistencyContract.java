package dev.customapiserver.storage.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.contract.ConsistencyContract;
import dev.customapiserver.storage.contract.Widget;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The storage consistency contract, plus what the SQL change log promises: committed revisions are gap-free. */
abstract class JpaConsistencyContract extends ConsistencyContract {

  @Test
  @DisplayName("while 8 threads create, the committed change log is 1..max at every read (commit order = RV order)")
  void gapFreeCommits() throws Exception {
    DatabaseSettings settings = ((JpaFixture) fixture).settings;
    AtomicBoolean writing = new AtomicBoolean(true);
    AtomicInteger observations = new AtomicInteger();
    String url = Vendor.of(settings.jdbcUrl()).prepareUrl(settings.jdbcUrl());
    List<String> gaps = new ArrayList<>();
    Thread observer = new Thread(() -> {
      try (Connection c = DriverManager.getConnection(url, settings.username(), settings.password())) {
        while (writing.get() || observations.get() == 0) {
          try (ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*), MAX(resource_version) FROM change_log")) {
            rs.next();
            if (rs.getLong(1) != rs.getLong(2)) {
              gaps.add(rs.getLong(1) + " rows, max " + rs.getLong(2));
            }
          }
          observations.incrementAndGet();
        }
      } catch (Exception e) {
        gaps.add(e.toString());
      }
    });
    observer.start();
    try {
      together(THREADS, t -> () -> {
        for (int i = 0; i < 25; i++) {
          ObjectKey key = new ObjectKey("ns" + (i % 3), "t" + t + "-" + i);
          store.create(key, Widget.named(key.namespace(), key.name()));
        }
        return null;
      });
    } finally {
      writing.set(false);
      observer.join();
    }
    assertThat(gaps).isEmpty();
    assertThat(journal()).extracting(c -> c.resourceVersion()).containsExactlyElementsOf(
        java.util.stream.LongStream.rangeClosed(1, 200).boxed().toList());
  }
}
