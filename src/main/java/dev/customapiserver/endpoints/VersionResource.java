package dev.customapiserver.endpoints;

import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.JsonOutput;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@code /version}: the Kubernetes API level this server implements. kubectl's dispatcher on our
 * machines picks {@code kubectl.1.<minor>} from it.
 */
@Path("/version")
public final class VersionResource {
  private final byte[] body;

  @jakarta.inject.Inject
  public VersionResource(RestApi.Settings settings, Codecs codecs) {
    String gitVersion = settings.gitVersion();
    Map<String, String> info;
    String[] parts = gitVersion.replaceFirst("^v", "").split("[.-]");
    info = new LinkedHashMap<>();
    info.put("major", parts[0]);
    info.put("minor", parts.length > 1 ? parts[1] : "0");
    info.put("gitVersion", gitVersion);
    info.put("gitCommit", "");
    info.put("gitTreeState", "clean");
    info.put("buildDate", "");
    info.put("goVersion", "java" + Runtime.version().feature());
    info.put("compiler", "javac");
    info.put("platform", System.getProperty("os.name").toLowerCase(Locale.ROOT) + "/" + System.getProperty("os.arch"));
    body = JsonOutput.indent(codecs.toJson(info)); // kube writes /version indented whoever asks
  }

  @GET
  @Produces("application/json")
  public byte[] get() {
    return body;
  }
}
