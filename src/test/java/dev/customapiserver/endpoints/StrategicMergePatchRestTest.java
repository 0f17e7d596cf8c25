package dev.customapiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("PATCH with application/strategic-merge-patch+json on the built-in kinds")
class StrategicMergePatchRestTest {
  static final String SMP = "application/strategic-merge-patch+json";
  static final String PIZZAS_V1BETA1 = "/apis/restaurant.wukong.com/v1beta1/namespaces/default/pizzas";
  static final String PIZZAS_V1ALPHA1 = "/apis/restaurant.wukong.com/v1alpha1/namespaces/default/pizzas";
  static final String FOOS = "/apis/hello.zeng.dev/v2/namespaces/default/foos";
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

  @Test
  @DisplayName("Pizza v1beta1 toppings merge by name: changed, added (and defaulted), and deleted with $patch: delete")
  void toppingsMergeByName() throws Exception {
    create(PIZZAS_V1BETA1, "{'metadata':{'name':'p1'},'spec':{'toppings':[{'name':'salami','quantity':1},{'name':'ham','quantity':2}]}}");

    JsonNode merged = ok(patch(PIZZAS_V1BETA1 + "/p1", "{'spec':{'toppings':[{'name':'ham','quantity':3},{'name':'olive'}]}}"));
    assertThat(merged.at("/spec/toppings").toString())
        .isEqualTo(q("[{'name':'salami','quantity':1},{'name':'ham','quantity':3},{'name':'olive','quantity':1}]"));

    JsonNode deleted = ok(patch(PIZZAS_V1BETA1 + "/p1", "{'spec':{'toppings':[{'name':'salami','$patch':'delete'}]}}"));
    assertThat(deleted.at("/spec/toppings").toString())
        .isEqualTo(q("[{'name':'ham','quantity':3},{'name':'olive','quantity':1}]"));
  }

  @Test
  @DisplayName("the schema is the request version's: v1alpha1 toppings have no merge key, so a patch replaces them")
  void schemaOfTheRequestVersion() throws Exception {
    create(PIZZAS_V1BETA1, "{'metadata':{'name':'p2'},'spec':{'toppings':[{'name':'salami','quantity':2}]}}");

    JsonNode v1alpha1 = ok(patch(PIZZAS_V1ALPHA1 + "/p2", "{'spec':{'toppings':['olive']}}"));

    assertThat(v1alpha1.at("/spec/toppings").toString()).isEqualTo(q("['olive']"));
    JsonNode v1beta1 = RestApiCrudTest.json(server.send("GET", PIZZAS_V1BETA1 + "/p2", null));
    assertThat(v1beta1.at("/spec/toppings").toString()).isEqualTo(q("[{'name':'olive','quantity':1}]"));
  }

  @Test
  @DisplayName("labels merge and null deletes one; finalizers merge as a set; $deleteFromPrimitiveList removes one")
  void metadata() throws Exception {
    create(FOOS, "{'metadata':{'name':'f1','labels':{'a':'1','b':'2'},'finalizers':['example.com/one']},"
        + "'spec':{'config':{'msg':'m'}}}");

    JsonNode o = ok(patch(FOOS + "/f1", "{'metadata':{'labels':{'b':null,'c':'3'},'finalizers':['example.com/two']}}"));
    assertThat(o.at("/metadata/labels").toString()).isEqualTo(q("{'a':'1','c':'3'}"));
    assertThat(o.at("/metadata/finalizers").toString()).isEqualTo(q("['example.com/two','example.com/one']"));
    assertThat(o.at("/spec/config/msg").asText()).isEqualTo("m");

    JsonNode removed = ok(patch(FOOS + "/f1", "{'metadata':{'$deleteFromPrimitiveList/finalizers':['example.com/one'],"
        + "'$setElementOrder/finalizers':['example.com/two']}}"));
    assertThat(removed.at("/metadata/finalizers").toString()).isEqualTo(q("['example.com/two']"));
  }

  @Test
  @DisplayName("a Namespace (core/v1) takes a strategic merge patch of its labels")
  void namespace() throws Exception {
    create("/api/v1/namespaces", "{'metadata':{'name':'team-a','labels':{'a':'1'}}}");

    JsonNode ns = ok(patch("/api/v1/namespaces/team-a", "{'metadata':{'labels':{'b':'2'}}}"));

    assertThat(ns.at("/metadata/labels").toString()).isEqualTo(q("{'a':'1','b':'2'}"));
  }

  @Test
  @DisplayName("Foo v2 status conditions merge by type through /status; JenkinsService /scale takes a strategic patch")
  void subresources() throws Exception {
    create(FOOS, "{'metadata':{'name':'f3'},'spec':{'config':{'msg':'m'}}}");
    ok(patch(FOOS + "/f3/status", "{'status':{'conditions':[{'type':'Ready','status':'False'},{'type':'Synced','status':'True'}]}}"));

    JsonNode o = ok(patch(FOOS + "/f3/status", "{'status':{'conditions':[{'type':'Ready','status':'True'}]}}"));

    assertThat(o.at("/status/conditions").toString())
        .isEqualTo(q("[{'type':'Ready','status':'True'},{'type':'Synced','status':'True'}]"));
    String js = "/apis/autobusi.group.cicd/v1alpha/namespaces/default/jenkinsservices";
    create(js, "{'metadata':{'name':'j1'},'spec':{'instanceamount':1}}");
    assertThat(ok(patch(js + "/j1/scale", "{'spec':{'replicas':4}}")).at("/spec/replicas").asInt()).isEqualTo(4);
  }

  @Test
  @DisplayName("an unknown $patch directive is 400 with Kubernetes' wording; nothing is stored")
  void unknownDirective() throws Exception {
    create(FOOS, "{'metadata':{'name':'f2','labels':{'a':'1'}},'spec':{'config':{'msg':'m'}}}");

    HttpResponse<String> r = patch(FOOS + "/f2", "{'metadata':{'labels':{'$patch':'explode','b':'2'}}}");

    assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
    JsonNode s = RestApiCrudTest.json(r);
    assertThat(s.at("/reason").asText()).isEqualTo("BadRequest");
    assertThat(s.at("/message").asText()).isEqualTo("unknown patch type: explode in map: map[$patch:explode b:2]");
    JsonNode stored = RestApiCrudTest.json(server.send("GET", FOOS + "/f2", null));
    assertThat(stored.at("/metadata/labels").toString()).isEqualTo(q("{'a':'1'}"));
  }

  @Test
  @DisplayName("a keyed element without its merge key is 400; a list of lists is 422")
  void badShapes() throws Exception {
    create(PIZZAS_V1BETA1, "{'metadata':{'name':'p3'},'spec':{'toppings':[{'name':'salami'}]}}");

    HttpResponse<String> noKey = patch(PIZZAS_V1BETA1 + "/p3", "{'spec':{'toppings':[{'quantity':2}]}}");
    assertThat(noKey.statusCode()).isEqualTo(400);
    assertThat(RestApiCrudTest.json(noKey).at("/message").asText())
        .isEqualTo("map: map[quantity:2] does not contain declared merge key: name");

    HttpResponse<String> lists = patch(PIZZAS_V1BETA1 + "/p3", "{'spec':{'toppings':[['salami']]}}");
    assertThat(lists.statusCode()).isEqualTo(422);
    assertThat(RestApiCrudTest.json(lists).at("/reason").asText()).isEqualTo("Invalid");
  }

  private static void create(String collection, String body) throws Exception {
    HttpResponse<String> r = server.send("POST", collection, q(body));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
  }

  private static HttpResponse<String> patch(String path, String body) throws Exception {
    return server.send("PATCH", path, q(body), "Content-Type", SMP);
  }

  private static JsonNode ok(HttpResponse<String> r) throws Exception {
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return RestApiCrudTest.json(r);
  }

  private static String q(String singleQuoted) {
    return singleQuoted.replace('\'', '"');
  }
}
