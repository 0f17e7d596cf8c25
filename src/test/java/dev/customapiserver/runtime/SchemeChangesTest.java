package dev.customapiserver.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.api.meta.Unstructured;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Scheme: groups defined while the server runs")
class SchemeChangesTest {
  static ResourceType<Unstructured> type(String group, String plural, String kind) {
    KindConverter<Unstructured, Unstructured> copy = new KindConverter<>() {
      @Override
      public Unstructured toHub(Unstructured v) {
        return v.copy();
      }

      @Override
      public Unstructured fromHub(Unstructured h) {
        return h.copy();
      }
    };
    return ResourceType.builder(group, kind, plural, Unstructured.class)
        .served(ServedVersion.of("v1", Unstructured.class, copy)).storageVersion("v1").build();
  }

  static Scheme builtIn() {
    return new Scheme(List.of(new ApiGroup("built.in.io", List.of("v1"), List.of(type("built.in.io", "things", "Thing")))));
  }

  @Test
  @DisplayName("a group is added, replaced and removed; each change moves the generation; lookups see the current groups")
  void putReplaceRemove() {
    Scheme scheme = builtIn();
    assertThat(scheme.generation()).isZero();
    scheme.put(new ApiGroup("stable.example.com", List.of("v1"), List.of(type("stable.example.com", "crontabs", "CronTab"))));
    assertThat(scheme.generation()).isEqualTo(1);
    assertThat(scheme.resource("stable.example.com", "crontabs")).isPresent();
    assertThat(scheme.groups()).extracting(ApiGroup::name).containsExactly("built.in.io", "stable.example.com");

    scheme.put(new ApiGroup("stable.example.com", List.of("v1"), List.of(type("stable.example.com", "crontabs", "CronTab"),
        type("stable.example.com", "backups", "Backup"))));
    assertThat(scheme.kind("stable.example.com", "Backup")).isPresent();
    assertThat(scheme.servedResources()).hasSize(3);

    scheme.remove("stable.example.com");
    assertThat(scheme.group("stable.example.com")).isEmpty();
    assertThat(scheme.generation()).isEqualTo(3);
    scheme.remove("stable.example.com");
    assertThat(scheme.generation()).as("removing what is not there changes nothing").isEqualTo(3);
  }

  @Test
  @DisplayName("built-in groups can be neither replaced nor removed")
  void builtInStays() {
    Scheme scheme = builtIn();
    assertThatThrownBy(() -> scheme.put(new ApiGroup("built.in.io", List.of("v1"), List.of())))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("built in");
    scheme.remove("built.in.io");
    assertThat(scheme.group("built.in.io")).isPresent();
    assertThat(scheme.builtIn("built.in.io")).isTrue();
  }

  @Test
  @DisplayName("readers under concurrent changes always see a whole group: both resources or none")
  void consistentUnderConcurrentChanges() throws Exception {
    Scheme scheme = builtIn();
    ApiGroup two = new ApiGroup("stable.example.com", List.of("v1"), List.of(type("stable.example.com", "crontabs", "CronTab"),
        type("stable.example.com", "backups", "Backup")));
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<?> writer = pool.submit(() -> {
        for (int i = 0; i < 2000; i++) {
          scheme.put(two);
          scheme.remove("stable.example.com");
        }
      });
      Future<Integer> reader = pool.submit(() -> {
        int seen = 0;
        while (!writer.isDone()) {
          int n = scheme.group("stable.example.com").map(g -> g.resources().size()).orElse(0);
          assertThat(n).isIn(0, 2);
          seen += n;
        }
        return seen;
      });
      writer.get();
      reader.get();
    } finally {
      pool.shutdownNow();
    }
    assertThat(scheme.generation()).isEqualTo(4000);
  }
}
