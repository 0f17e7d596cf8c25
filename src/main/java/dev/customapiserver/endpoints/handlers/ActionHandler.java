package dev.customapiserver.endpoints.handlers;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.endpoints.call.Call;
import dev.customapiserver.endpoints.call.Contexts;
import dev.customapiserver.endpoints.representation.Encoder;
import dev.customapiserver.endpoints.representation.OutputFormat;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.runtime.Action;
import dev.customapiserver.runtime.BodyDecoder;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.FieldValidation;
import dev.customapiserver.runtime.KubeProtobuf;
import jakarta.ws.rs.core.Response;
import java.util.List;

/** {@code POST .../{name}/<subresource>} of a create-style subresource: the action's answer, 201. */
public final class ActionHandler<H extends KubeObject, R> {
  private static final String PROTOBUF = "application/vnd.kubernetes.protobuf";

  private final GenericStore<H> store;
  private final String subresource;
  private final Action<H, R> action;
  private final Codecs codecs;
  private final BodyDecoder decoder;
  private final Encoder encoder;

  public ActionHandler(GenericStore<H> store, String subresource, Action<H, R> action, Codecs codecs, Encoder encoder) {
    this.store = store;
    this.subresource = subresource;
    this.action = action;
    this.codecs = codecs;
    this.encoder = encoder;
    this.decoder = new BodyDecoder(codecs);
  }

  public Response post(Call call) {
    OutputFormat format = OutputFormat.negotiate(call.header("Accept"), false);
    H obj = store.action(Contexts.of(call), call.path("name"), subresource);
    R request = decode(call.body(), call.contentType());
    call.decoded(() -> codecs.toJson(request));
    return encoder.respond(201, action.perform(obj, request), format, List.of());
  }

  private R decode(byte[] body, String contentType) {
    if (contentType.startsWith(PROTOBUF)) {
      if (action.protobuf() == null) {
        throw Errors.unsupportedMediaType(contentType, List.of("application/json"));
      }
      return action.protobuf().apply(KubeProtobuf.unwrap(body).raw());
    }
    if (!contentType.startsWith("application/json") && !contentType.startsWith("*/*")) {
      throw Errors.unsupportedMediaType(contentType, action.protobuf() == null ? List.of("application/json")
          : List.of("application/json", PROTOBUF));
    }
    // worded as kube's create handler: "TokenRequest in version "v1" cannot be handled as a TokenRequest: json: ..."
    String kind = action.kind().kind();
    return decoder.bind(decoder.parseJson(body), action.requestType(), FieldValidation.IGNORE,
        kind + " in version \"" + action.kind().version() + "\"", kind).value();
  }
}
