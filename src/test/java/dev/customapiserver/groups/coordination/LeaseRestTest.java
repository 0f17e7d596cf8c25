package dev.customapiserver.groups.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.apis.coordination.Lease;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("coordination.k8s.io/v1 Leases through the REST layer")
class LeaseRestTest {
  static final String LEASES = "/apis/coordination.k8s.io/v1/namespaces/default/leases";
  static final ObjectMapper JSON = new ObjectMapper();
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    List<ApiGroup> groups = TestServer.everyGroup();
    server = new TestServer(groups, new MemoryStorageBackend());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static String lease(String name, String spec) {
    return "{\"apiVersion\":\"coordination.k8s.io/v1\",\"kind\":\"Lease\",\"metadata\":{\"name\":\"" + name + "\"},\"spec\":"
        + spec + "}";
  }

  @Test
  @DisplayName("a lease is created, read with MicroTimes of six digits, and taken over by an update")
  void crud() throws Exception {
    HttpResponse<String> r = server.send("POST", LEASES, lease("leader", "{\"holderIdentity\":\"a\",\"leaseDurationSeconds\":15,"
        + "\"acquireTime\":\"2026-11-26T05:00:00.123456789Z\",\"renewTime\":\"2026-11-26T05:00:00Z\",\"leaseTransitions\":0}"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    JsonNode created = JSON.readTree(r.body());
    assertThat(created.at("/spec/acquireTime").asText()).isEqualTo("2026-11-26T05:00:00.123456Z");
    assertThat(created.at("/spec/renewTime").asText()).isEqualTo("2026-11-26T05:00:00.000000Z");

    ObjectNode next = (ObjectNode) created.deepCopy();
    ((ObjectNode) next.get("spec")).put("holderIdentity", "b").put("leaseTransitions", 1);
    r = server.send("PUT", LEASES + "/leader", next.toString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    r = server.send("PUT", LEASES + "/leader", next.toString());
    assertThat(r.statusCode()).as("a stale resourceVersion loses, as a second candidate must").isEqualTo(409);

    r = server.send("GET", LEASES + "/leader", null, "Accept", "application/json;as=Table;v=v1;g=meta.k8s.io");
    JsonNode table = JSON.readTree(r.body());
    List<String> columns = new ArrayList<>();
    table.at("/columnDefinitions").forEach(c -> columns.add(c.at("/name").asText()));
    assertThat(columns).containsExactly("Name", "Holder", "Age");
    assertThat(table.at("/rows/0/cells/1").asText()).isEqualTo("b");
  }

  @Test
  @DisplayName("invalid leases are 422 with kube-apiserver's messages")
  void validation() throws Exception {
    HttpResponse<String> r = server.send("POST", LEASES, lease("bad",
        "{\"leaseDurationSeconds\":0,\"leaseTransitions\":-1,\"preferredHolder\":\"x\"}"));
    assertThat(r.statusCode()).isEqualTo(422);
    JsonNode status = JSON.readTree(r.body());
    List<String> causes = new ArrayList<>();
    status.at("/details/causes").forEach(c -> causes.add(c.at("/field").asText() + ": " + c.at("/message").asText()));
    assertThat(causes).containsExactly(
        "spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0",
        "spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0",
        "spec.preferredHolder: Forbidden: may only be specified if `strategy` is defined");
    assertThat(status.at("/message").asText()).startsWith("Lease.coordination.k8s.io \"bad\" is invalid: [");
  }
}
