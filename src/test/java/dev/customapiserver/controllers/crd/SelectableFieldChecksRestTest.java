package dev.customapiserver.controllers.crd;

import static dev.customapiserver.controllers.crd.CrdFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A CRD's selectableFields refused in kube's words (ValidateCustomResourceSelectableFields), at kube's paths. */
@DisplayName("CRDs: selectableFields errors in kube's words")
class SelectableFieldChecksRestTest {
  static CrdFixture f;

  @BeforeAll
  static void start() throws Exception {
    f = new CrdFixture();
  }

  @AfterAll
  static void stop() throws Exception {
    f.close();
  }

  @Test
  @DisplayName("a missing jsonPath, a path the schema lacks, an object field, a repeated field: one error each")
  void errors() throws Exception {
    String versions = """
        [{"name":"v1","served":true,"storage":true,
          "schema":{"openAPIV3Schema":{"type":"object","properties":{"spec":{"type":"object","properties":{
            "color":{"type":"string"},"size":{"type":"integer"},"obj":{"type":"object"}}}}}},
          "selectableFields":[{"jsonPath":""},{"jsonPath":".spec.missing"},{"jsonPath":".spec.obj"},
            {"jsonPath":".spec.color"},{"jsonPath":".spec.color"},{"jsonPath":".spec.size"}]}]
        """;
    HttpResponse<String> r = f.send("POST", CrdFixture.CRDS, CrdFixture.crd("selectable.example.com", "crontabs", "CronTab", versions));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
    List<String> causes = new ArrayList<>();
    json(r).at("/details/causes").forEach(c -> causes.add(c.at("/field").asText() + ": " + c.at("/message").asText()));
    assertThat(causes).containsExactly(
        "spec.selectableFields[0].jsonPath: Required value",
        "spec.selectableFields[1].jsonPath: Invalid value: \".spec.missing\": is an invalid path: does not refer to a valid field",
        "spec.selectableFields[2].jsonPath: Invalid value: \".spec.obj\": must point to a field of type string, boolean or integer. "
            + "Enum string fields and strings with formats are allowed.",
        "spec.selectableFields[4].jsonPath: Duplicate value: \".spec.color\"");
  }
}
