package dev.customapiserver.apis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.schema.Description;
import dev.customapiserver.runtime.PrinterColumn;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.Scheme;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The built-in group modules")
class ModulesTest {

  private static Map<String, ApiGroup> loaded() {
    return ServiceLoader.load(ApiGroupModule.class).stream()
        .map(p -> p.get().apiGroup())
        .collect(Collectors.toMap(ApiGroup::name, g -> g));
  }

  @Test
  @DisplayName("load through ServiceLoader and form one Scheme")
  void loadThroughServiceLoader() {
    Map<String, ApiGroup> groups = loaded();
    assertThat(groups).containsOnlyKeys(ExpectedGroups.NAMES);
    assertThat(new Scheme(List.copyOf(groups.values())).groups()).hasSize(ExpectedGroups.NAMES.size());
  }

  @Test
  @DisplayName("are well-formed: every resource is served in a version of its group and stored in one it serves")
  void wellFormed() {
    for (ApiGroup g : loaded().values()) {
      assertThat(g.versions()).as(g.name()).isNotEmpty().doesNotHaveDuplicates();
      for (ResourceType<?> r : g.resources()) {
        assertThat(r.plural()).as(r.kind()).matches("[a-z]+");
        assertThat(r.servedIn(r.storageVersion())).as(r.kind()).isTrue();
        assertThat(g.versions().stream().anyMatch(r::servedIn)).as(r.kind()).isTrue();
        for (String v : g.versions()) {
          r.version(v).ifPresent(sv -> {
            assertThat(sv.type()).as(r.kind() + " " + v).isNotEqualTo(r.hubType());
            assertThat(sv.type().getAnnotation(Description.class)).as(r.kind() + " " + v + " described").isNotNull();
            assertThat(sv.columns()).extracting(PrinterColumn::name).as("NAME and AGE come from the server")
                .doesNotContain("NAME", "AGE");
          });
        }
      }
    }
  }

  @Test
  @DisplayName("declare the expected names, scopes, short names and version priorities")
  void namesAndScopes() {
    Map<String, ApiGroup> groups = loaded();
    ExpectedGroups.RESOURCES.forEach(expected -> {
      String gr = expected.plural() + "." + expected.group();
      ApiGroup g = groups.get(expected.group());
      assertThat(g.versions()).as(gr).isEqualTo(expected.versions());
      ResourceType<?> r = g.resource(expected.plural()).orElseThrow();
      assertThat(r.kind()).isEqualTo(expected.kind());
      assertThat(r.namespaced()).as(gr + " namespaced").isEqualTo(expected.namespaced());
      assertThat(r.shortNames()).as(gr + " short names").isEqualTo(expected.shortNames());
      assertThat(r.storageVersion()).as(gr + " storage").isEqualTo(expected.storageVersion());
      assertThat(r.hasStatusSubresource()).as(gr + " status").isEqualTo(expected.status());
    });
  }
}
