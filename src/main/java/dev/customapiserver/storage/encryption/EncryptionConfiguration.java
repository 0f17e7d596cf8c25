package dev.customapiserver.storage.encryption;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.ValueTransformer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * An apiserver.config.k8s.io/v1 EncryptionConfiguration: a list of {resources, providers}; a
 * resource ({@code secrets}, {@code foos.hello.zeng.dev}, {@code *.apps}, {@code *.*}) takes the
 * providers of the first entry naming it. Providers: {@code identity}, {@code aescbc},
 * {@code aesgcm} (binding each value to its storage location), {@code secretbox}, each key a
 * provider of its own in order ({@code kms} is refused: it needs a KMS plugin over gRPC).
 */
public final class EncryptionConfiguration {
  private record Entry(List<String> resources, ValueTransformer transformer) {}

  private static final SecureRandom RANDOM = new SecureRandom();

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
      String at = path + "[" + i + "]";
      if (only == null) {
        throw new IllegalArgumentException(at + ": Invalid value: provider does not contain any of the expected providers: "
            + "KMS, AESGCM, AESCBC, Secretbox, Identity");
      }
      if (p.size() != 1) {
        throw new IllegalArgumentException(at + ": Invalid value: more than one provider specified in a single element, "
            + "should split into different list elements");
      }
      String type = only.getKey();
      switch (type) {
        case "identity" -> providers.add(new Identity());
        case "aescbc", "aesgcm", "secretbox" -> {
          JsonNode keys = only.getValue().path("keys");
          String keysPath = at + "." + type + ".keys";
          if (keys.isEmpty()) {
            throw new IllegalArgumentException(keysPath + ": Required value: at least one keys is required");
          }
          int k = 0;
          for (JsonNode key : keys) {
            providers.add(provider(type, key, keysPath + "[" + k++ + "]"));
          }
        }
        default -> throw new IllegalArgumentException(at + ": Unsupported value: \"" + type
            + "\": supported values: \"identity\", \"aescbc\", \"aesgcm\", \"secretbox\"");
      }
      i++;
    }
    if (providers.isEmpty()) {
      throw new IllegalArgumentException(path + ": Required value: at least one " + path + " is required");
    }
    return providers;
  }

  /** One key of a cipher provider, validated as kube's EncryptionConfiguration validation does. */
  private static Provider provider(String type, JsonNode key, String path) {
    String name = key.path("name").asText("");
    if (name.isEmpty()) {
      throw new IllegalArgumentException(path + ".name: Required value: name is a mandatory field for a key");
    }
    String text = key.path("secret").asText("");
    if (text.isEmpty()) {
      throw new IllegalArgumentException(path + ".secret: Required value: secret is a mandatory field for a key");
    }
    byte[] secret;
    try {
      secret = Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(path + ".secret: Invalid value: \"REDACTED\": secrets must be base64 encoded");
    }
    List<Integer> sizes = type.equals("secretbox") ? List.of(SecretboxProvider.KEY) : List.of(16, 24, 32);
    if (!sizes.contains(secret.length)) {
      throw new IllegalArgumentException(path + ".secret: Invalid value: \"REDACTED\": secret is not of the expected length, got "
          + secret.length + ", expected one of " + sizes.toString().replace(",", ""));
    }
    return switch (type) {
      case "aescbc" -> new AesCbcProvider(name, secret, RANDOM);
      case "aesgcm" -> new AesGcmProvider(name, secret, RANDOM);
      default -> new SecretboxProvider(name, secret, RANDOM);
    };
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
    public byte[] seal(byte[] plain, byte[] location) {
      return plain;
    }

    @Override
    public byte[] open(byte[] sealed, byte[] location) {
      return sealed;
    }
  }
}
