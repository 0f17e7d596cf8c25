package dev.customapiserver.server.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/** Reads the YAML settings file: a flat mapping from flag names to scalar values. */
final class YamlSettings {
  private YamlSettings() {}

  static Map<Option, Setting> read(Path file) {
    JsonNode root;
    try {
      root = new YAMLMapper().readTree(Files.readAllBytes(file));
    } catch (NoSuchFileException e) {
      throw ConfigException.invalid("config file " + file + " does not exist");
    } catch (IOException e) {
      throw ConfigException.invalid("config file " + file + " is not valid YAML: " + e.getMessage());
    }
    Map<Option, Setting> values = new EnumMap<>(Option.class);
    if (root == null || root.isNull() || root.isMissingNode()) {
      return values;
    }
    if (!root.isObject()) {
      throw ConfigException.invalid("config file " + file + " must be a mapping of setting names to values");
    }
    Path base = Optional.ofNullable(file.toAbsolutePath().getParent()).orElse(Path.of("."));
    for (Map.Entry<String, JsonNode> e : root.properties()) {
      Option option = Option.byFlagName(e.getKey()).filter(Option::inYaml)
          .orElseThrow(() -> ConfigException.invalid("config file " + file + ": unknown setting \"" + e.getKey() + "\""));
      JsonNode v = e.getValue();
      if (!v.isValueNode()) {
        throw ConfigException.invalid("config file " + file + ": \"" + e.getKey() + "\" must be a single value");
      }
      String origin = "\"" + e.getKey() + "\" in " + file;
      values.put(option, new Setting(v.isNull() ? "" : v.asText(), origin, option.isPath() ? base : null));
    }
    return values;
  }
}
