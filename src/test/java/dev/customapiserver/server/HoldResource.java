package dev.customapiserver.server;

import dev.customapiserver.request.Deadline;
import dev.customapiserver.request.RequestContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Deterministic slow endpoints: {@code GET /hold} signals {@link #arrived} and answers only once
 * {@link #release} is counted down (then records whether its deadline had expired); {@code /quick}
 * answers at once.
 */
@Path("/")
public final class HoldResource {
  final Semaphore arrived = new Semaphore(0);
  final CountDownLatch release = new CountDownLatch(1);
  final AtomicBoolean sawDeadlineExpired = new AtomicBoolean();
  final Semaphore finished = new Semaphore(0);

  @GET
  @Path("hold")
  @Produces("text/plain")
  public String hold(@Context ContainerRequestContext ctx) throws InterruptedException {
    arrived.release();
    try {
      release.await(2, TimeUnit.MINUTES);
      if (ctx.getProperty(RequestContext.ATTRIBUTE) instanceof RequestContext rc) {
        sawDeadlineExpired.set(rc.get(Deadline.class).map(Deadline::expired).orElse(false));
      }
      return "held";
    } finally {
      finished.release();
    }
  }

  /** A create of a resource (the timeout stage sees {@code create} of {@code widgets}) held as {@code GET /hold}. */
  @POST
  @Path("apis/test.dev/v1/namespaces/default/widgets")
  @Produces("text/plain")
  public String holdCreate(@Context ContainerRequestContext ctx) throws InterruptedException {
    return hold(ctx);
  }

  @GET
  @Path("quick")
  @Produces("text/plain")
  public String quick() {
    return "quick";
  }

  @POST
  @Path("quick")
  @Produces("text/plain")
  public String quickPost() {
    return "posted";
  }
}
