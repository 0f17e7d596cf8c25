package dev.customapiserver.endpoints.representation;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.customapiserver.api.meta.KubeList;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.MetaProtobuf;
import dev.customapiserver.runtime.ProtoMessage;
import jakarta.ws.rs.core.Response;
import java.io.UncheckedIOException;
import java.util.List;

/** Writes response bodies in the negotiated format (JSON, YAML, Kubernetes protobuf), with Kubernetes' {@code Warning: 299} headers. */
public final class Encoder {
  private final Codecs codecs;

  public Encoder(Codecs codecs) {
    this.codecs = codecs;
  }

  public Response respond(int status, Object body, OutputFormat format, List<String> warnings) {
    if (format == OutputFormat.PROTOBUF) {
      byte[] proto = protobuf(body);
      if (proto != null) {
        return withWarnings(Response.status(status).entity(proto).type(format.contentType()), warnings);
      }
      format = OutputFormat.JSON;
    }
    byte[] bytes;
    try {
      bytes = format == OutputFormat.YAML ? codecs.yaml().writeValueAsBytes(body) : codecs.json().writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
    return withWarnings(Response.status(status).entity(bytes).type(format.contentType()), warnings);
  }

  private static Response withWarnings(Response.ResponseBuilder r, List<String> warnings) {
    for (String w : warnings) {
      r.header("Warning", warningHeader(w));
    }
    return r.build();
  }

  /**
   * A response body in Kubernetes protobuf: an object or list of a kind served in it (the caller
   * negotiated protobuf for it), or a Status; null for anything else, which goes out as JSON.
   */
  @SuppressWarnings("unchecked")
  private byte[] protobuf(Object body) {
    if (body instanceof KubeObject o) {
      return codecs.protobuf(o.getClass()).envelope(o);
    }
    if (body instanceof KubeList<?> list) {
      if (list.items.isEmpty()) {
        return MetaProtobuf.envelope(list.apiVersion, list.kind,
            new ProtoMessage().bytes(1, MetaProtobuf.listMeta(list.metadata)).toByteString());
      }
      if (list.items.get(0) instanceof KubeObject first) {
        return codecs.protobuf(first.getClass()).envelope((KubeList<? extends KubeObject>) list);
      }
      return null;
    }
    if (body instanceof Status s) {
      return MetaProtobuf.envelope(s.apiVersion, s.kind, MetaProtobuf.status(s));
    }
    return null;
  }

  /** {@code 299 - "text"} with quotes and backslashes escaped, as kube-apiserver sends warnings. */
  public static String warningHeader(String text) {
    return "299 - \"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
