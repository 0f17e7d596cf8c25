package dev.customapiserver.storage.encryption;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.ValueTransformer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * An apiserver.config.k8s.io/v1 EncryptionConfiguration: a list of {resources, providers}; a
 * resource ({@code secrets}, {@code foos.hello.zeng.dev}, {@code *.apps}, {@code *.*}) takes the
 * providers of the first entry naming it. Providers: {@code identity}, {@code aescbc},
 * {@code aesgcm}, each key a provider of its own in order ({@code secretbox} and {@code kms} are
 * refused: no well-kept library here offers them).
 */
public final class EncryptionConfiguration {
  private record Entry(List<String> resources, ValueTransformer transformer) {}

  private final List<Entry> entries;

  private EncryptionConfiguration(List<Entry> entries) {
    this.entries = entries;
  }

  /**
   * Reads the file.
   *
   * @throws IllegalArgumentException if it is unreadable or invalid (the message says what)
   */
  public static EncryptionConfiguration read(Path file) {
    JsonNode doc;
    try {
      doc = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException("error while parsing file " + file + ": " + e.getMessage(), e);
    }
    if (doc == null || !"EncryptionConfiguration".equals(doc.path("kind").asText())
        || !doc.path("apiVersion").asText().startsWith("apiserver.config.k8s.io/")) {
      throw new IllegalArgumentException(file + " is not an apiserver.config.k8s.io/v1 EncryptionConfiguration");
    }
    List<Entry> entries = new ArrayList<>();
    int i = 0;
    for (JsonNode r : doc.path("resources")) {
      List<String> names = new ArrayList<>();
      r.path("resources").forEach(n -> names.add(n.asText()));
      if (names.isEmpty()) {
        throw new IllegalArgumentException("resources[" + i + "].resources: Required value");
      }
      entries.add(new Entry(names, new ProviderChain(providers(r.path("providers"), "resources[" + i + "].providers"))));
      i++;
    }
    return new EncryptionConfiguration(entries);
  }

  private static List<Provider> providers(JsonNode list, String path) {
    List<Provider> providers = new ArrayList<>();
    int i = 0;
    for (JsonNode p : list) {
      Map.Entry<String, JsonNode> only = p.fields().hasNext() ? p.fields().next() : null;
      if (only == null || p.size() != 1) {
        throw new IllegalArgumentException(path + "[" + i + "]: Invalid value: provider needs to be specified exactly once");
      }
      switch (only.getKey()) {
        case "identity" -> providers.add(new Identity());
        case "aescbc", "aesgcm" -> {
          JsonNode keys = only.getValue().path("keys");
          if (keys.isEmpty()) {
            throw new IllegalArgumentException(path + "[" + i + "]." + only.getKey() + ".keys: Required value");
          }
          for (JsonNode k : keys) {
            byte[] secret;
            try {
              secret = Base64.getDecoder().decode(k.path("secret").asText());
            } catch (IllegalArgumentException e) {
              throw new IllegalArgumentException(path + "[" + i + "]." + only.getKey() + ".keys.secret: Invalid value: "
                  + "secrets must be base64 encoded");
            }
            providers.add(new AesProvider(only.getKey(), k.path("name").asText(), secret));
          }
        }
        default -> throw new IllegalArgumentException(path + "[" + i + "]: Unsupported value: \"" + only.getKey()
            + "\": supported values: \"identity\", \"aescbc\", \"aesgcm\"");
      }
      i++;
    }
    if (providers.isEmpty()) {
      throw new IllegalArgumentException(path + ": Required value");
    }
    return providers;
  }

  /** The transformer of each resource: the first entry naming it, else identity. */
  public Function<GroupResource, ValueTransformer> transformers() {
    return resource -> entries.stream().filter(e -> e.resources().stream().anyMatch(n -> matches(n, resource)))
        .map(Entry::transformer).findFirst().orElse(ValueTransformer.IDENTITY);
  }

  private static boolean matches(String name, GroupResource r) {
    String full = r.group().isEmpty() ? r.resource() : r.resource() + "." + r.group();
    if (name.equals("*.*")) {
      return true;
    }
    if (name.startsWith("*.")) {
      String group = name.substring(2);
      return group.equals(r.group()) || (group.isEmpty() && r.group().isEmpty());
    }
    return name.equals(full) || (r.group().isEmpty() && name.equals(r.resource() + "."));
  }

  private static final class Identity implements Provider {
    @Override
    public String prefix() {
      return "";
    }

    @Override
    public byte[] seal(byte[] plain) {
      return plain;
    }

    @Override
    public byte[] open(byte[] sealed) {
      return sealed;
    }
  }
}
