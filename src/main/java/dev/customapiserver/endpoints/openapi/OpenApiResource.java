package dev.customapiserver.endpoints.openapi;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.runtime.Codecs;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Serves {@code /openapi/v3} (the index, never cached), {@code /openapi/v3/api/v1} and
 * {@code /openapi/v3/apis/{group}/{version}} with kube-apiserver's caching rules: the ETag is the
 * content hash; a request naming the current {@code ?hash=} may cache forever, a stale one is
 * redirected (301) to the current hash; without a hash the client must revalidate.
 * {@code /openapi/v2} serves the whole API as Swagger 2.0 (JSON or gnostic protobuf); anything else
 * under {@code /openapi} is a 404 Status.
 */
@Path("/openapi")
public final class OpenApiResource {
  private final OpenApiDocuments documents;
  private final Codecs codecs;

  @Inject
  public OpenApiResource(OpenApiDocuments documents, Codecs codecs) {
    this.documents = documents;
    this.codecs = codecs;
  }

  /** The index of group-version documents, with their current hash URLs. */
  @GET
  @Path("v3")
  public Response index(@Context UriInfo uri) {
    return Response.ok(documents.index(basePath(uri)), MediaType.APPLICATION_JSON_TYPE)
        .header(HttpHeaders.CACHE_CONTROL, "no-cache, private").build();
  }

  /** The core group's document ({@code version} is {@code v1}). */
  @GET
  @Path("v3/api/{version}")
  public Response core(@PathParam("version") String version, @QueryParam("hash") String hash,
      @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch, @Context UriInfo uri) {
    return serve("api/" + version, hash, ifNoneMatch, uri);
  }

  /** A named group's document. */
  @GET
  @Path("v3/apis/{group}/{version}")
  public Response group(@PathParam("group") String group, @PathParam("version") String version,
      @QueryParam("hash") String hash, @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch,
      @Context UriInfo uri) {
    return serve("apis/" + group + "/" + version, hash, ifNoneMatch, uri);
  }

  /**
   * The whole API as OpenAPI v2: gnostic protobuf when asked for it (kubectl before 1.29 validates
   * and computes patches with it), JSON otherwise. ETag revalidation as for v3.
   */
  @GET
  @Path("v2")
  public Response v2(@HeaderParam(HttpHeaders.ACCEPT) String accept, @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
    boolean protobuf = accept != null && accept.contains(OpenApiAcceptFilter.PROTOBUF_V2);
    OpenApiDocuments.Document doc = protobuf ? documents.swaggerProtobuf() : documents.swaggerJson();
    Response.ResponseBuilder b = EntityTags.matches(ifNoneMatch, doc.hash())
        ? Response.notModified()
        : Response.ok(doc.bytes(), protobuf ? MediaType.APPLICATION_OCTET_STREAM_TYPE : MediaType.APPLICATION_JSON_TYPE);
    return b.header(HttpHeaders.ETAG, "\"" + doc.hash() + "\"").header(HttpHeaders.CACHE_CONTROL, "no-cache, private")
        .header(HttpHeaders.VARY, HttpHeaders.ACCEPT).build();
  }

  /** Any other path under /openapi. */
  @GET
  @Path("{path: .*}")
  public Response other() {
    return notFound();
  }

  private Response serve(String key, String hash, String ifNoneMatch, UriInfo uri) {
    OpenApiDocuments.Document doc = documents.document(key).orElse(null);
    if (doc == null) {
      return notFound();
    }
    boolean hashed = hash != null && !hash.isEmpty();
    if (hashed && !hash.equals(doc.hash())) {
      return Response.status(Response.Status.MOVED_PERMANENTLY)
          .location(URI.create(OpenApiDocuments.url(basePath(uri), doc))).build();
    }
    Response.ResponseBuilder b = EntityTags.matches(ifNoneMatch, doc.hash())
        ? Response.notModified()
        : Response.ok(doc.bytes(), MediaType.APPLICATION_JSON_TYPE);
    b.header(HttpHeaders.ETAG, "\"" + doc.hash() + "\"");
    if (hashed) {
      b.header(HttpHeaders.CACHE_CONTROL, "public, immutable")
          .header(HttpHeaders.EXPIRES, DateTimeFormatter.RFC_1123_DATE_TIME.format(
              ZonedDateTime.now(ZoneOffset.UTC).plusYears(1)))
          .header(HttpHeaders.VARY, HttpHeaders.ACCEPT);
    } else {
      b.header(HttpHeaders.CACHE_CONTROL, "no-cache, private");
    }
    return b.build();
  }

  private Response notFound() {
    ApiException e = Errors.pathNotFound();
    return Response.status(e.code()).type(MediaType.APPLICATION_JSON_TYPE).entity(codecs.toJson(e.status())).build();
  }

  /** The path the application is served under, ending in a slash ({@code /} when called without a request). */
  private static String basePath(UriInfo uri) {
    String path = uri == null ? "/" : uri.getBaseUri().getRawPath();
    return path == null || path.isEmpty() ? "/" : path;
  }
}
