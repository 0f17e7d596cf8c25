package dev.customapiserver.controllers.crd;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("CRD printer column cells and deprecation warnings, as kube computes them")
class CustomResourceColumnsTest {
  static final ObjectMapper JSON = new ObjectMapper();

  static JsonNode v(String json) throws Exception {
    return JSON.readTree(json);
  }

  @Test
  @DisplayName("cells are typed by the column: integer truncates numbers, number takes integers, mismatches are empty")
  void cells() throws Exception {
    assertThat(CustomResourceColumns.cell("integer", v("3"))).isEqualTo(3L);
    assertThat(CustomResourceColumns.cell("integer", v("3.7"))).isEqualTo(3L);
    assertThat(CustomResourceColumns.cell("integer", v("\"3\""))).isNull();
    assertThat(CustomResourceColumns.cell("number", v("2"))).isEqualTo(2L);
    assertThat(CustomResourceColumns.cell("number", v("2.5"))).isEqualTo(2.5);
    assertThat(CustomResourceColumns.cell("boolean", v("true"))).isEqualTo(true);
    assertThat(CustomResourceColumns.cell("boolean", v("\"true\""))).isNull();
    assertThat(CustomResourceColumns.cell("string", v("\"a\""))).isEqualTo("a");
    assertThat(CustomResourceColumns.cell("string", v("12"))).isEqualTo("12");
    assertThat(CustomResourceColumns.cell("string", v("false"))).isEqualTo("false");
    assertThat(CustomResourceColumns.cell("string", v("[1,2]"))).isEqualTo("[1,2]");
    assertThat(CustomResourceColumns.cell("date", v("\"2020-01-02T03:04:05Z\""))).isEqualTo(Instant.parse("2020-01-02T03:04:05Z"));
    assertThat(CustomResourceColumns.cell("date", v("\"yesterday\""))).isEqualTo("<invalid>");
    assertThat(CustomResourceColumns.cell("date", v("5"))).isNull();
    assertThat(CustomResourceColumns.cell("string", null)).isNull();
  }

  static CustomResourceDefinition crd(String... versions) {
    CustomResourceDefinition crd = new CustomResourceDefinition();
    crd.spec.group = "stable.example.com";
    crd.spec.names.kind = "CronTab";
    List<CustomResourceDefinition.Version> list = new ArrayList<>();
    for (String spec : versions) {
      CustomResourceDefinition.Version v = new CustomResourceDefinition.Version();
      String[] p = spec.split(":");
      v.name = p[0];
      v.served = !p[1].contains("unserved");
      v.deprecated = p[1].contains("deprecated");
      list.add(v);
    }
    crd.spec.versions = list;
    return crd;
  }

  @Test
  @DisplayName("the default warning names the most preferred served, not deprecated version preferred over the deprecated one")
  void deprecationWarnings() {
    CustomResourceDefinition crd = crd("v1alpha1:deprecated", "v1beta1:deprecated", "v2beta1:served", "v1:served",
        "v3:unserved");
    assertThat(DeprecationWarnings.of(crd, crd.spec.versions.get(0), "CronTab"))
        .isEqualTo("stable.example.com/v1alpha1 CronTab is deprecated; use stable.example.com/v1 CronTab");
    assertThat(DeprecationWarnings.of(crd, crd.spec.versions.get(3), "CronTab")).isNull();
    CustomResourceDefinition alone = crd("v2:deprecated", "v1:served");
    assertThat(DeprecationWarnings.of(alone, alone.spec.versions.get(0), "CronTab"))
        .as("no newer version to point to").isEqualTo("stable.example.com/v2 CronTab is deprecated");
  }
}
