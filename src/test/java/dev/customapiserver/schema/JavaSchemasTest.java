package dev.customapiserver.schema;

import static dev.customapiserver.schema.Json.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import dev.customapiserver.api.meta.ListType;
import dev.customapiserver.api.meta.PatchStrategy;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.testing.TestServer;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The Java source of the schema model: what the wire types declare, as one structural schema. */
@DisplayName("Schemas of Java wire types")
class JavaSchemasTest {
  @Description("A sample kind.")
  static final class Sample {
    public String apiVersion;
    @Description("How many.") @Min(1) @Default("1") public Integer replicas;
    @NotBlank public String name;
    @Enum({"Always", "Never"}) public List<String> policies;
    @ListType(value = "map", mapKeys = "name") @PatchStrategy(value = "merge", mergeKey = "name") public List<Port> ports;
    public Map<String, @Size(max = 63) String> labels;
    public Sample child;
  }

  record Port(@Pattern(regexp = "^[a-z]+$") String name, int port) {}

  @SuppressWarnings("unused")
  static final class BadDefault {
    @Enum({"Flunder", "Fischer"}) @Default("Fish") public String referenceType;
  }

  private final JavaSchemas java = new JavaSchemas();

  @Test
  @DisplayName("fields become properties with their types, constraints, list types, patch strategies, enums and defaults")
  void reflects() {
    StructuralSchema s = java.of(Sample.class);
    assertThat(s.description()).isEqualTo("A sample kind.");
    assertThat(s.properties()).containsOnlyKeys("apiVersion", "replicas", "name", "policies", "ports", "labels", "child");
    assertThat(s.required()).containsExactly("name");
    StructuralSchema replicas = s.properties().get("replicas");
    assertThat(replicas.type()).isEqualTo("integer");
    assertThat(replicas.minimum()).isEqualByComparingTo("1");
    assertThat(replicas.defaultValue()).isEqualTo(json("1"));
    assertThat(replicas.description()).isEqualTo("How many.");
    assertThat(s.properties().get("name").minLength()).isEqualTo(1L);
    assertThat(s.properties().get("policies").items().enumValues()).containsExactly(json("'Always'"), json("'Never'"));
    StructuralSchema ports = s.properties().get("ports");
    assertThat(ports.listType()).isEqualTo("map");
    assertThat(ports.listMapKeys()).containsExactly("name");
    assertThat(ports.patchStrategy()).isEqualTo("merge");
    assertThat(ports.patchMergeKey()).isEqualTo("name");
    assertThat(ports.items().javaType()).isEqualTo(Port.class);
    assertThat(ports.items().properties().get("name").pattern()).isEqualTo("^[a-z]+$");
    assertThat(s.properties().get("labels").additionalProperties().maxLength()).isEqualTo(63L);
    assertThat(s.properties().get("child").classNode()).isSameAs(s);
  }

  @Test
  @DisplayName("the model of a Java type validates, prunes and defaults JSON like a CRD's")
  void usable() {
    StructuralSchema s = java.of(Sample.class);
    var o = Json.object("{'apiVersion':'v1','name':'a','ports':[{'name':'http','port':'80','x':1}],'child':{'name':''}}");
    assertThat(s.prune(o)).containsExactly("ports[0].x");
    s.applyDefaults(o);
    assertThat(o.get("replicas")).isEqualTo(json("1"));
    assertThat(s.validate(o)).extracting(Object::toString).containsExactlyInAnyOrder(
        "ports[0].port: Invalid value: \"string\": ports[0].port in body must be of type integer: \"string\"",
        "child.name: Invalid value: \"\": child.name in body should be at least 1 chars long");
  }

  @Test
  @DisplayName("a default outside the field's enum is refused")
  void defaultOutsideEnum() {
    assertThatThrownBy(() -> java.of(BadDefault.class))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("BadDefault.referenceType").hasMessageContaining("Fish");
  }

  @Test
  @DisplayName("every built-in type has the properties Jackson writes")
  void agreesWithJackson() {
    ObjectMapper mapper = new Codecs().json();
    List<ApiGroup> groups = TestServer.everyGroup();
    Set<Class<?>> seen = new HashSet<>();
    List<String> differences = new ArrayList<>();
    for (ApiGroup g : groups) {
      for (var r : g.resources()) {
        for (String v : g.versions()) {
          r.version(v).ifPresent(sv -> compare(mapper, mapper.constructType(sv.type()), seen, differences));
        }
      }
    }
    assertThat(seen).hasSizeGreaterThan(20);
    assertThat(differences).isEmpty();
  }

  private void compare(ObjectMapper mapper, JavaType t, Set<Class<?>> seen, List<String> differences) {
    while (t.isContainerType()) {
      t = t.getContentType();
    }
    Class<?> raw = t.getRawClass();
    if (!JavaSchemas.isStruct(raw) || raw.getName().startsWith("java.") || !seen.add(raw)) {
      return;
    }
    Set<String> jackson = new HashSet<>();
    for (BeanPropertyDefinition p : mapper.getSerializationConfig().introspect(t).findProperties()) {
      jackson.add(p.getName());
      compare(mapper, p.getPrimaryType(), seen, differences);
    }
    if (!jackson.equals(java.of(raw).properties().keySet())) {
      differences.add(raw.getName() + ": " + jackson + " vs " + java.of(raw).properties().keySet());
    }
  }
}
