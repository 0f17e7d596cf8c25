package dev.customapiserver.admission.chain;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.PluginConfigurations;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * kube-apiserver's {@code --admission-control-config-file}: an AdmissionConfiguration
 * ({@code apiserver.config.k8s.io/v1}, or the older {@code apiserver.k8s.io/v1alpha1}) in YAML or JSON,
 * listing {@code plugins[]} by {@code name}, each with an inline {@code configuration} or a
 * {@code path} (relative to the file's folder). Bad files are refused with kube-apiserver's words. A
 * plugin name no plugin has is refused too ({@link #checkNames}); kube-apiserver ignores such entries,
 * which hides typos.
 */
public final class AdmissionConfiguration implements PluginConfigurations {
  /** No file: no plugin has a configuration. */
  public static final AdmissionConfiguration EMPTY = new AdmissionConfiguration(Map.of());
  static final Set<String> API_VERSIONS = Set.of("apiserver.config.k8s.io/v1", "apiserver.k8s.io/v1alpha1");
  static final String KIND = "AdmissionConfiguration";
  private static final ObjectMapper YAML = new YAMLMapper();
  private static final ObjectMapper STRICT = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** Configuration by plugin name, in file order; a null node when an entry gives none. */
  private final Map<String, JsonNode> plugins;

  private AdmissionConfiguration(Map<String, JsonNode> plugins) {
    this.plugins = plugins;
  }

  /**
   * Reads {@code file} and the files its plugins' {@code path}s name.
   *
   * @throws IllegalArgumentException worded as kube-apiserver's, e.g. {@code failed to read plugin config:
   *     unable to read admission control configuration from "x" [open x: no such file or directory]}
   */
  public static AdmissionConfiguration read(Path file) {
    try {
      return readFile(file);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("failed to read plugin config: " + e.getMessage(), e);
    }
  }

  private static AdmissionConfiguration readFile(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new IllegalArgumentException("unable to read admission control configuration from \"" + file + "\" ["
          + describe(file, e) + "]");
    }
    JsonNode doc = parse(text);
    if (!doc.isObject()) {
      throw new IllegalArgumentException("couldn't get version/kind; json parse error: the admission control configuration "
          + "is not an object");
    }
    String apiVersion = doc.path("apiVersion").asText("");
    String kind = doc.path("kind").asText("");
    if (kind.isEmpty()) {
      throw new IllegalArgumentException("Object 'Kind' is missing in '" + compact(doc) + "'");
    }
    if (apiVersion.isEmpty()) {
      throw new IllegalArgumentException("Object 'apiVersion' is missing in '" + compact(doc) + "'");
    }
    if (!API_VERSIONS.contains(apiVersion) || !KIND.equals(kind)) {
      throw new IllegalArgumentException("no kind \"" + kind + "\" is registered for version \"" + apiVersion + "\"");
    }
    Path base = file.toAbsolutePath().getParent();
    Map<String, JsonNode> plugins = new LinkedHashMap<>();
    JsonNode list = doc.path("plugins");
    if (!list.isMissingNode() && !list.isNull() && !list.isArray()) {
      throw new IllegalArgumentException("json: cannot unmarshal " + list.getNodeType().name().toLowerCase(Locale.ROOT)
          + " into Go struct field AdmissionConfiguration.plugins of type []v1.AdmissionPluginConfiguration");
    }
    for (JsonNode p : list) {
      String name = p.path("name").asText("");
      JsonNode configuration = p.get("configuration");
      if ((configuration == null || configuration.isNull()) && !p.path("path").asText("").isEmpty()) {
        configuration = readPluginFile(base.resolve(p.path("path").asText()));
      }
      plugins.putIfAbsent(name, configuration == null || configuration.isNull() ? null : configuration);
    }
    return new AdmissionConfiguration(plugins);
  }

  private static JsonNode readPluginFile(Path path) {
    try {
      return parse(Files.readString(path));
    } catch (IOException e) {
      throw new IllegalArgumentException("Couldn't open admission plugin configuration " + path + ": " + describe(path, e));
    }
  }

  private static JsonNode parse(String text) {
    try {
      JsonNode n = YAML.readTree(text);
      return n == null || n.isMissingNode() ? YAML.createObjectNode() : n;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("error converting YAML to JSON: yaml: " + e.getOriginalMessage());
    }
  }

  private static String describe(Path path, IOException e) {
    if (e instanceof NoSuchFileException) {
      return "open " + path + ": no such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "open " + path + ": permission denied";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  private static String compact(JsonNode doc) {
    try {
      return STRICT.writeValueAsString(doc);
    } catch (JsonProcessingException e) {
      return doc.toString();
    }
  }

  /** The plugin names the file configures, in file order. */
  public List<String> names() {
    return List.copyOf(plugins.keySet());
  }

  /**
   * Refuses entries naming no plugin of {@code available} (names and aliases count), in the words
   * the admission flags use: {@code admission-control-config-file plugin "Nope" is unknown}.
   */
  public void checkNames(List<AdmissionPlugin> available) {
    List<String> known = new ArrayList<>();
    available.forEach(p -> {
      known.add(p.name());
      known.addAll(p.aliases());
    });
    List<String> errors = plugins.keySet().stream().filter(n -> !known.contains(n))
        .map(n -> "admission-control-config-file plugin \"" + n + "\" is unknown").toList();
    if (!errors.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", errors));
    }
  }

  @Override
  public <T> Optional<T> of(Class<T> type, String name, List<String> aliases) {
    String given = plugins.containsKey(name) ? name : aliases.stream().filter(plugins::containsKey).findFirst().orElse(null);
    if (given == null || plugins.get(given) == null) {
      return Optional.empty();
    }
    JsonNode node = plugins.get(given);
    if (!node.isObject()) {
      throw new IllegalArgumentException("couldn't init admission plugin \"" + name + "\": the configuration is not an object");
    }
    ObjectNode fields = ((ObjectNode) node).deepCopy();
    fields.remove(List.of("apiVersion", "kind"));
    try {
      return Optional.of(STRICT.treeToValue(fields, type));
    } catch (UnrecognizedPropertyException e) {
      throw new IllegalArgumentException("couldn't init admission plugin \"" + name + "\": strict decoding error: unknown field \""
          + path(e) + "\"");
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("couldn't init admission plugin \"" + name + "\": invalid value for field \"" + path(e)
          + "\": " + firstLine(e.getOriginalMessage()));
    }
  }

  private static String path(JsonProcessingException e) {
    if (!(e instanceof JsonMappingException m)) {
      return "";
    }
    StringBuilder b = new StringBuilder();
    for (var ref : m.getPath()) {
      if (ref.getFieldName() != null) {
        b.append(b.isEmpty() ? "" : ".").append(ref.getFieldName());
      } else if (ref.getIndex() >= 0) {
        b.append('[').append(ref.getIndex()).append(']');
      }
    }
    return b.toString();
  }

  private static String firstLine(String s) {
    int nl = s == null ? -1 : s.indexOf('\n');
    String line = nl < 0 ? String.valueOf(s) : s.substring(0, nl);
    int javaDetail = line.indexOf(" (class ");
    return javaDetail < 0 ? line : line.substring(0, javaDetail);
  }
}
