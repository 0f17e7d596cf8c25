package dev.customapiserver.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.admission.chain.PluginSelection;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** Servers with the built-in modules and admission, and small request helpers. */
final class AdmissionFixtures {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String WARDLE = "/apis/wardle.example.com/v1alpha1";
  static final String RESTAURANT = "/apis/restaurant.wukong.com/v1beta1";
  static final String CICD = "/apis/autobusi.group.cicd/v1alpha";
  static final String FOOS = "/apis/hello.zeng.dev/v2/namespaces/default/foos";

  private AdmissionFixtures() {}

  /** The built-in modules plus {@code extra}, admission as the flags in {@code selection} say, over memory storage. */
  static TestServer server(PluginSelection selection, ApiGroupModule... extra) throws Exception {
    List<ApiGroupModule> modules = new ArrayList<>(ServiceLoader.load(ApiGroupModule.class).stream()
        .map(ServiceLoader.Provider::get).toList());
    modules.addAll(List.of(extra));
    return TestServer.withAdmission(modules, new MemoryStorageBackend(), selection);
  }

  /** Like {@link #server(PluginSelection, ApiGroupModule...)} over {@code storage}. */
  static TestServer server(StorageBackend storage, ApiGroupModule... extra) throws Exception {
    List<ApiGroupModule> modules = new ArrayList<>(ServiceLoader.load(ApiGroupModule.class).stream()
        .map(ServiceLoader.Provider::get).toList());
    modules.addAll(List.of(extra));
    return TestServer.withAdmission(modules, storage, PluginSelection.DEFAULT);
  }

  static JsonNode json(HttpResponse<String> r) throws Exception {
    return JSON.readTree(r.body());
  }

  static String foo(String name, String msg) {
    return "{\"metadata\":{\"name\":\"" + name + "\"},\"spec\":{\"config\":{\"msg\":\"" + msg + "\"}}}";
  }
}
