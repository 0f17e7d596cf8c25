package dev.customapiserver.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Collects phase results; writes them as JSON lines and renders a markdown report. */
final class Report {
  private final Map<String, Object> env;
  private final BenchConfig cfg;
  private final List<Map<String, Object>> phases = new ArrayList<>();

  Report(BenchConfig cfg, Map<String, Object> env) {
    this.cfg = cfg;
    this.env = env;
  }

  void add(String phase, Map<String, Object> result) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("phase", phase);
    line.putAll(result);
    phases.add(line);
  }

  void writeJsonLines(Path file) throws IOException {
    StringBuilder sb = new StringBuilder();
    for (Map<String, Object> p : phases) {
      Map<String, Object> line = new LinkedHashMap<>(p);
      line.put("config", cfg.asMap());
      line.put("env", env);
      sb.append(Api.JSON.writeValueAsString(line)).append('\n');
    }
    Files.writeString(file, sb);
  }

  String markdown() {
    StringBuilder sb = new StringBuilder();
    sb.append("## custom-apiserver benchmark").append(cfg.quick() ? " (quick)" : "").append("\n\n");
    sb.append("Environment: ").append(env).append("\n\n");
    for (Map<String, Object> p : phases) {
      sb.append("### ").append(p.get("phase")).append("\n\n| metric | value |\n|---|---|\n");
      flatten("", p, sb);
      sb.append('\n');
    }
    return sb.toString();
  }

  @SuppressWarnings("unchecked")
  private static void flatten(String prefix, Map<String, Object> m, StringBuilder sb) {
    for (Map.Entry<String, Object> e : m.entrySet()) {
      if (e.getKey().equals("phase")) {
        continue;
      }
      if (e.getValue() instanceof Map<?, ?> inner) {
        flatten(prefix + e.getKey() + ".", (Map<String, Object>) inner, sb);
      } else {
        sb.append("| ").append(prefix).append(e.getKey()).append(" | ").append(e.getValue()).append(" |\n");
      }
    }
  }
}
