package dev.customapiserver.auth.audit;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * An {@code audit.k8s.io/v1} Policy (YAML or JSON): rules checked in order, the first that matches
 * a request sets its level; {@code omitStages} of the policy and of the rule are not written.
 */
public record AuditPolicy(List<Rule> rules, Set<Stage> omitStages) {

  /**
   * One rule: every list that is set must match (users by name, userGroups by any group, verbs,
   * namespaces ({@code ""} = cluster scope), resources (group, resources with {@code *} and
   * {@code res/sub} forms, resourceNames), nonResourceURLs ({@code /path} or {@code /prefix*})).
   */
  public record Rule(Level level, List<String> users, List<String> userGroups, List<String> verbs,
      List<GroupResources> resources, List<String> namespaces, List<String> nonResourceURLs, Set<Stage> omitStages) {}

  /** Resources of one API group ({@code ""} = core). */
  public record GroupResources(String group, List<String> resources, List<String> resourceNames) {}

  /**
   * Reads a policy file. @throws IllegalArgumentException naming the file and what is wrong (unknown
   * level or stage, not a Policy)
   */
  public static AuditPolicy read(Path file) {
    Wire.Policy p;
    try {
      byte[] bytes = Files.readAllBytes(file);
      p = new YAMLMapper().readerFor(Wire.Policy.class).without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .readValue(bytes);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read the audit policy " + file + ": " + e.getMessage(), e);
    }
    if (p == null || !"Policy".equals(p.kind) || !String.valueOf(p.apiVersion).startsWith("audit.k8s.io/")) {
      throw new IllegalArgumentException("the audit policy " + file + " is not an audit.k8s.io Policy");
    }
    List<Rule> rules = new ArrayList<>();
    for (int i = 0; p.rules != null && i < p.rules.size(); i++) {
      Wire.Rule r = p.rules.get(i);
      String where = file + ": rules[" + i + "]";
      Level level = Level.parse(r.level).orElseThrow(() -> new IllegalArgumentException(
          where + ".level: Unsupported value: \"" + r.level + "\": supported values: \"None\", \"Metadata\", \"Request\", \"RequestResponse\""));
      if (r.nonResourceURLs != null && (r.resources != null || r.namespaces != null)) {
        throw new IllegalArgumentException(where + ": rules cannot apply to both regular resources and non-resource URLs");
      }
      List<GroupResources> resources = r.resources == null ? null : r.resources.stream()
          .map(g -> new GroupResources(g.group == null ? "" : g.group, orEmpty(g.resources), orEmpty(g.resourceNames))).toList();
      rules.add(new Rule(level, r.users, r.userGroups, r.verbs, resources, r.namespaces, r.nonResourceURLs,
          stages(r.omitStages, where)));
    }
    return new AuditPolicy(List.copyOf(rules), stages(p.omitStages, file.toString()));
  }

  private static List<String> orEmpty(List<String> l) {
    return l == null ? List.of() : l;
  }

  private static Set<Stage> stages(List<String> names, String where) {
    Set<Stage> out = EnumSet.noneOf(Stage.class);
    for (String n : names == null ? List.<String>of() : names) {
      out.add(Stage.parse(n).orElseThrow(() -> new IllegalArgumentException(where + ".omitStages: Unsupported value: \"" + n + "\"")));
    }
    return out;
  }

  /** The wire shape, bound by Jackson. */
  static final class Wire {
    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class Policy {
      public String apiVersion;
      public String kind;
      public List<Rule> rules;
      public List<String> omitStages;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class Rule {
      public String level;
      public List<String> users;
      public List<String> userGroups;
      public List<String> verbs;
      public List<Group> resources;
      public List<String> namespaces;
      public List<String> nonResourceURLs;
      public List<String> omitStages;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class Group {
      public String group;
      public List<String> resources;
      public List<String> resourceNames;
    }
  }
}
