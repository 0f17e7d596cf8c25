package dev.customapiserver.server;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.RequestUser;
import dev.customapiserver.request.RequestContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;

/** Stand-ins for the REST layer: what the filters hand on is what these see. */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class TestResources {

  @GET
  @Path("version")
  public String version() {
    return "{\"major\":\"1\",\"minor\":\"32\"}";
  }

  @GET
  @Path("api")
  public String api() {
    return "{\"kind\":\"APIVersions\"}";
  }

  @GET
  @Path("whoami")
  public String whoami(@Context ContainerRequestContext request) {
    UserInfo u = (UserInfo) request.getProperty(RequestUser.ATTRIBUTE);
    return u.name() + " " + String.join(",", u.groups());
  }

  @GET
  @Path("whoami/context")
  public String context(@Context ContainerRequestContext request) {
    RequestContext c = (RequestContext) request.getProperty(RequestContext.ATTRIBUTE);
    UserInfo acting = c.user().orElseThrow();
    return c.authenticatedUser().orElseThrow().name() + " as " + acting.name() + " uid=" + acting.uid() + " groups="
        + String.join(",", acting.groups()) + " extra=" + new java.util.TreeMap<>(acting.extra()) + " auditID=" + c.auditId()
        + " impersonation headers left=" + (request.getHeaderString("Impersonate-User") != null)
        + " authorization header left=" + (request.getHeaderString("Authorization") != null);
  }

  @GET
  @Path("apis/hello.zeng.dev/v1/namespaces/{ns}/foos/{name}")
  public String foo() {
    return "{}";
  }

  @GET
  @Path("boom")
  public String boom() {
    throw new IllegalStateException("secret internals");
  }
}
