package dev.customapiserver.endpoints;

import dev.customapiserver.registry.Registry;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.Scheme;
import org.glassfish.jersey.server.ResourceConfig;

/** Builds the Jersey application serving the whole API for a Scheme and its Registry. */
public final class RestApi {

  /** Limits and identity of the server as the REST layer needs them. */
  public record Settings(long maxRequestBodyBytes, String gitVersion) {
    public static final Settings DEFAULT = new Settings(3L * 1024 * 1024, "v1.32.0");
  }

  private final ResourceConfig config = new ResourceConfig();

  public RestApi(Scheme scheme, Registry registry, Codecs codecs, Settings settings) {}

  /** The Jersey application: every route, the exception mapper, the codecs. */
  public ResourceConfig resourceConfig() {
    return config;
  }
}
