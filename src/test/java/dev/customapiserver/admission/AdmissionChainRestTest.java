package dev.customapiserver.admission;

import static dev.customapiserver.admission.AdmissionFixtures.WARDLE;
import static dev.customapiserver.admission.AdmissionFixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.admission.chain.PluginSelection;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The admission chain through the REST layer")
class AdmissionChainRestTest {
  static final String WIDGETS = "/apis/test.example.com/v2/namespaces/default/widgets";
  static final String WIDGETS_V1 = "/apis/test.example.com/v1/namespaces/default/widgets";

  @Test
  @DisplayName("mutating plugins run in order before validation, validating ones after it, the webhook plugins last in each phase")
  void order() throws Exception {
    RecordingModule module = new RecordingModule();
    try (TestServer server = AdmissionFixtures.server(PluginSelection.DEFAULT, module)) {
      HttpResponse<String> r = server.send("POST", WIDGETS, "{\"metadata\":{\"name\":\"w\"},\"spec\":{\"paint\":{\"color\":\"black\"}}}");
      assertThat(r.statusCode()).as("a black widget is invalid, but a mutating plugin made it grey first: " + r.body())
          .isEqualTo(201);
      assertThat(json(r).at("/spec/paint/color").asText()).isEqualTo("grey");
      assertThat(module.calls).containsExactly("mutate:Greying", "mutate:Both", "mutate:MutatingAdmissionWebhook",
          "validate:Both", "validate:Observer", "validate:ValidatingAdmissionWebhook");
      assertThat(r.headers().allValues("Warning")).contains("299 - \"observed by Observer\"");
    }
  }

  @Test
  @DisplayName("plugins see operation, the request's version, resource, namespace, name, user, dry run and the old object")
  void attributes() throws Exception {
    RecordingModule module = new RecordingModule();
    try (TestServer server = AdmissionFixtures.server(PluginSelection.DEFAULT, module)) {
      server.send("POST", WIDGETS_V1, "{\"metadata\":{\"name\":\"w\"},\"spec\":{\"color\":\"red\"}}");
      HttpResponse<String> got = server.send("GET", WIDGETS + "/w", null);
      String rv = json(got).at("/metadata/resourceVersion").asText();
      HttpResponse<String> put = server.send("PUT", WIDGETS + "/w?dryRun=All",
          "{\"metadata\":{\"name\":\"w\",\"resourceVersion\":\"" + rv + "\"},\"spec\":{\"paint\":{\"color\":\"blue\"}}}");
      assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
      server.send("DELETE", WIDGETS + "/w", null);

      List<Attributes> seen = module.seen;
      assertThat(seen).extracting(Attributes::operation).containsExactly(Operation.CREATE, Operation.UPDATE, Operation.DELETE);
      Attributes create = seen.get(0);
      assertThat(create.kind().version()).as("the version of the request").isEqualTo("v1");
      assertThat(create.kind().kind()).isEqualTo("Widget");
      assertThat(create.resource().resource()).isEqualTo("widgets");
      assertThat(create.namespace()).isEqualTo("default");
      assertThat(create.name()).isEqualTo("w");
      assertThat(create.user().name()).isEqualTo("system:anonymous");
      assertThat(create.dryRun()).isFalse();
      assertThat(create.oldObject()).isNull();
      Attributes update = seen.get(1);
      assertThat(update.kind().version()).isEqualTo("v2");
      assertThat(update.dryRun()).isTrue();
      assertThat(((dev.customapiserver.testing.Widgets.Widget) update.oldObject()).spec.color).isEqualTo("red");
      assertThat(((dev.customapiserver.testing.Widgets.Widget) update.object()).spec.color).isEqualTo("blue");
      Attributes delete = seen.get(2);
      assertThat(delete.object()).isNull();
      assertThat(((dev.customapiserver.testing.Widgets.Widget) delete.oldObject()).spec.color).as("the stored object, dry run stored nothing")
          .isEqualTo("red");
    }
  }

  @Test
  @DisplayName("--enable-admission-plugins turns on a plugin that is off by default; --disable-admission-plugins turns one off")
  void flags() throws Exception {
    RecordingModule module = new RecordingModule();
    try (TestServer server = AdmissionFixtures.server(new PluginSelection(List.of("OffByDefault"),
        List.of("BanFlunder", "NamespaceLifecycle")), module)) {
      HttpResponse<String> w = server.send("POST", WIDGETS, "{\"metadata\":{\"name\":\"w\"},\"spec\":{\"paint\":{\"color\":\"red\"}}}");
      assertThat(w.statusCode()).isEqualTo(403);
      assertThat(json(w).at("/message").asText()).isEqualTo("widgets.test.example.com \"w\" is forbidden: widgets are closed today");
      server.send("POST", WARDLE + "/fischers", "{\"metadata\":{\"name\":\"f\"},\"disallowedFlunders\":[\"evil\"]}");
      assertThat(server.send("POST", WARDLE + "/namespaces/default/flunders", "{\"metadata\":{\"name\":\"evil\"}}").statusCode())
          .as("BanFlunder is off").isEqualTo(201);
      assertThat(server.send("POST", "/apis/hello.zeng.dev/v2/namespaces/nowhere/foos", AdmissionFixtures.foo("f", "m"))
          .statusCode()).as("NamespaceLifecycle is off").isEqualTo(201);
    }
  }

  @Test
  @DisplayName("without flags the group modules' plugins are on; a plugin off by default stays off")
  void defaults() throws Exception {
    RecordingModule module = new RecordingModule();
    try (TestServer server = AdmissionFixtures.server(PluginSelection.DEFAULT, module)) {
      assertThat(server.send("POST", WIDGETS, "{\"metadata\":{\"name\":\"w\"},\"spec\":{\"paint\":{\"color\":\"red\"}}}").statusCode())
          .isEqualTo(201);
      assertThat(module.calls).doesNotContain("validate:OffByDefault");
    }
  }
}
