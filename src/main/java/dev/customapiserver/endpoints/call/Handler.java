package dev.customapiserver.endpoints.call;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.util.function.Function;
import org.glassfish.jersey.process.Inflector;

/** Adapts a verb handler to Jersey's programmatic resource model. */
public final class Handler implements Inflector<ContainerRequestContext, Response> {
  private final Function<Call, Response> verb;
  private final long maxBodyBytes;

  public Handler(Function<Call, Response> verb, long maxBodyBytes) {
    this.verb = verb;
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  public Response apply(ContainerRequestContext ctx) {
    return verb.apply(new Call(ctx, maxBodyBytes));
  }
}
