package dev.customapiserver.endpoints.handlers;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.endpoints.call.Call;
import dev.customapiserver.endpoints.call.Contexts;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.runtime.Connector;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code GET .../{name}/<subresource>} of a connect-style subresource: the connector's output, streamed. */
public final class ConnectHandler<H extends KubeObject> {
  private final GenericStore<H> store;
  private final String subresource;
  private final Connector<H> connector;

  public ConnectHandler(GenericStore<H> store, String subresource, Connector<H> connector) {
    this.store = store;
    this.subresource = subresource;
    this.connector = connector;
  }

  public Response get(Call call) {
    H obj = store.connect(Contexts.of(call), call.path("name"), subresource);
    Map<String, List<String>> options = new LinkedHashMap<>(call.queryAll());
    StreamingOutput body = out -> {
      connector.connect(obj, options, out);
      out.flush();
    };
    return Response.ok(body).type(connector.contentType()).build();
  }
}
