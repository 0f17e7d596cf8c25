package dev.customapiserver.endpoints;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.endpoints.call.Call;
import dev.customapiserver.endpoints.representation.OutputFormat;
import dev.customapiserver.runtime.MetaProtobuf;
import jakarta.inject.Provider;
import jakarta.ws.rs.core.Context;
import org.glassfish.jersey.server.ContainerRequest;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.UnreadableValueException;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.util.List;

/** The one place an error becomes a response: every failure is a Kubernetes Status, never a stack trace. */
final class ErrorMapper implements ExceptionMapper<Throwable> {
  private static final System.Logger LOG = System.getLogger(ErrorMapper.class.getName());
  private final Codecs codecs;
  /** The request that failed, to answer in protobuf where its handler negotiated protobuf ({@link Call#PROTOBUF_STATUS}). */
  @Context
  private Provider<ContainerRequest> request;

  ErrorMapper(Codecs codecs) {
    this.codecs = codecs;
  }

  @Override
  public Response toResponse(Throwable t) {
    ApiException e = toApiException(t);
    Status s = e.status();
    Response.ResponseBuilder r = inProtobuf()
        ? Response.status(s.code).type(OutputFormat.PROTOBUF.contentType())
            .entity(MetaProtobuf.envelope(s.apiVersion, s.kind, MetaProtobuf.status(s)))
        : Response.status(s.code).type("application/json").entity(codecs.toJson(s));
    if (s.details != null && s.details.retryAfterSeconds != null) {
      r.header("Retry-After", s.details.retryAfterSeconds);
    }
    return r.build();
  }

  private boolean inProtobuf() {
    try {
      ContainerRequest r = request == null ? null : request.get();
      return r != null && Boolean.TRUE.equals(r.getProperty(Call.PROTOBUF_STATUS));
    } catch (IllegalStateException e) { // outside a request scope
      return false;
    }
  }

  private static ApiException toApiException(Throwable t) {
    if (t instanceof ApiException e) {
      return e;
    }
    if (t instanceof NotFoundException) {
      return Errors.pathNotFound();
    }
    if (t instanceof NotAllowedException) {
      return Errors.methodNotAllowed();
    }
    if (t instanceof NotSupportedException) {
      return Errors.unsupportedMediaType("", List.of("application/json", "application/yaml"));
    }
    if (t instanceof NotAcceptableException) {
      return Errors.notAcceptable(OutputFormat.ACCEPTED);
    }
    if (t instanceof WebApplicationException w && w.getResponse().getStatus() < 500) {
      return Errors.badRequest(w.getMessage());
    }
    if (t instanceof UnreadableValueException u) { // a stored value no encryption provider reads: kube's 500
      LOG.log(System.Logger.Level.ERROR, u.getMessage(), u);
      return Errors.internal(u.getMessage(), u);
    }
    LOG.log(System.Logger.Level.ERROR, "unexpected error serving a request", t);
    return Errors.internal("an unexpected error occurred; see the server log", t);
  }
}
