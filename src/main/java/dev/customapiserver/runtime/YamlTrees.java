package dev.customapiserver.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.errors.Errors;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * YAML to a JSON tree as kube-apiserver converts it (sigs.k8s.io/yaml): the first document only,
 * anchors and aliases expanded, merge keys merged, scalars resolved as YAML 1.1 (timestamps stay
 * strings). Excessive aliasing ("billion laughs") is refused with go-yaml's rule and words, and so are
 * values JSON cannot hold ({@code .inf}, {@code .nan}). Every failure is a 400 without library names.
 */
final class YamlTrees {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  /** How deep a document may nest: as deep as the JSON decoder allows. */
  static final int MAX_DEPTH = 1000;

  private YamlTrees() {}

  /** The tree of the first document of {@code body}, or a missing node when there is none; duplicates land in {@code dups}. */
  static JsonNode read(byte[] body, List<String> dups) {
    LoaderOptions options = new LoaderOptions();
    options.setMaxAliasesForCollections(Integer.MAX_VALUE);
    options.setAllowRecursiveKeys(false);
    options.setAllowDuplicateKeys(true);
    options.setCodePointLimit(Math.max(body.length, 1) + 16);
    options.setNestingDepthLimit(MAX_DEPTH);
    Node root;
    try {
      Iterator<Node> docs = new Yaml(options).composeAll(new StringReader(new String(body, StandardCharsets.UTF_8))).iterator();
      root = docs.hasNext() ? docs.next() : null;
    } catch (MarkedYAMLException e) {
      Mark m = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
      String line = m == null ? "" : "line " + (m.getLine() + 1) + ": ";
      String problem = e.getProblem() != null ? e.getProblem() : e.getContext();
      throw syntax(line + problem);
    } catch (YAMLException e) {
      boolean depth = e.getMessage() != null && e.getMessage().startsWith("Nesting Depth");
      throw syntax(depth ? "exceeded max depth of " + MAX_DEPTH : "the document could not be read");
    }
    if (root == null) {
      return MissingNode.getInstance();
    }
    return new Converter(dups).convertRoot(root);
  }

  static RuntimeException syntax(String problem) {
    return Errors.badRequest("error converting YAML to JSON: yaml: " + problem);
  }

  /**
   * One document's conversion. An alias shares the tree of its anchor (so "billion laughs" costs no
   * memory) but counts as go-yaml counts it: every node of the expansion is decoded again.
   */
  private static final class Converter {
    /** Beyond this many decoded nodes a document is refused whatever its aliasing (go-yaml would try). */
    private static final long MAX_DECODES = 2_000_000;
    private final List<String> dups;
    private final IdentityHashMap<Node, Done> done = new IdentityHashMap<>();
    private final IdentityHashMap<Node, Boolean> open = new IdentityHashMap<>();
    private long decodeCount;
    private long aliasCount;

    private record Done(JsonNode tree, long decodes, long aliases) {}

    Converter(List<String> dups) {
      this.dups = dups;
    }

    JsonNode convertRoot(Node root) {
      JsonNode tree = convert(root, "");
      return aliasCount > 0 ? tree.deepCopy() : tree;
    }

    JsonNode convert(Node n, String path) {
      if (open.containsKey(n)) {
        throw syntax("anchor value contains itself");
      }
      Done d = done.get(n);
      if (d != null) {
        aliasCount += 1 + d.aliases;
        decodeCount += d.decodes;
        check();
        return d.tree;
      }
      long decodes = decodeCount;
      long aliases = aliasCount;
      decodeCount++;
      check();
      open.put(n, Boolean.TRUE);
      JsonNode tree;
      try {
        if (n instanceof ScalarNode s) {
          tree = scalar(s, path);
        } else if (n instanceof SequenceNode seq) {
          ArrayNode a = NODES.arrayNode();
          int i = 0;
          for (Node item : seq.getValue()) {
            a.add(convert(item, path + "[" + i++ + "]"));
          }
          tree = a;
        } else {
          tree = mapping((MappingNode) n, path);
        }
      } finally {
        open.remove(n);
      }
      done.put(n, new Done(tree, decodeCount - decodes, aliasCount - aliases));
      return tree;
    }

    /** go-yaml's rule against excessive aliasing. */
    private void check() {
      if (decodeCount > MAX_DECODES
          || aliasCount > 100 && decodeCount > 1000 && (double) aliasCount / decodeCount > allowedAliasRatio(decodeCount)) {
        throw syntax("document contains excessive aliasing");
      }
    }

    private ObjectNode mapping(MappingNode m, String path) {
      ObjectNode o = NODES.objectNode();
      List<ObjectNode> merged = new ArrayList<>();
      for (NodeTuple t : m.getValue()) {
        Node k = t.getKeyNode();
        if (k.getTag().equals(Tag.MERGE)) {
          JsonNode v = convert(t.getValueNode(), path);
          if (v.isObject()) {
            merged.add((ObjectNode) v);
          } else if (v.isArray()) {
            v.forEach(e -> {
              if (!e.isObject()) {
                throw syntax("map merge requires map or sequence of maps as the value");
              }
              merged.add((ObjectNode) e);
            });
          } else {
            throw syntax("map merge requires map or sequence of maps as the value");
          }
          continue;
        }
        if (!(k instanceof ScalarNode ks)) {
          throw syntax("line " + (k.getStartMark().getLine() + 1) + ": invalid map key");
        }
        String key = ks.getValue();
        String child = path.isEmpty() ? key : path + "." + key;
        if (o.has(key)) {
          dups.add(child);
        }
        o.set(key, convert(t.getValueNode(), child));
      }
      for (ObjectNode source : merged) {
        source.fields().forEachRemaining(e -> {
          if (!o.has(e.getKey())) {
            o.set(e.getKey(), e.getValue());
          }
        });
      }
      return o;
    }

    private JsonNode scalar(ScalarNode s, String path) {
      String v = s.getValue();
      Tag tag = s.getTag();
      if (tag.equals(Tag.NULL)) {
        return NODES.nullNode();
      }
      if (tag.equals(Tag.BOOL)) {
        return NODES.booleanNode(switch (v.toLowerCase(Locale.ROOT)) {
          case "true", "yes", "y", "on" -> true;
          default -> false;
        });
      }
      if (tag.equals(Tag.INT)) {
        BigInteger i = integer(v);
        if (i != null) {
          return i.bitLength() < 64 ? NODES.numberNode(i.longValue()) : NODES.numberNode(new BigDecimal(i));
        }
        return NODES.textNode(v);
      }
      if (tag.equals(Tag.FLOAT)) {
        String f = v.replace("_", "");
        String lower = f.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".inf") || lower.equals(".nan")) {
          throw Errors.badRequest("error converting YAML to JSON: json: unsupported value: "
              + (lower.equals(".nan") ? "NaN" : lower.startsWith("-") ? "-Inf" : "+Inf") + (path.isEmpty() ? "" : " at " + path));
        }
        try {
          BigDecimal d = new BigDecimal(f);
          if (Double.isInfinite(d.doubleValue())) {
            throw Errors.badRequest("error converting YAML to JSON: json: unsupported value: +Inf" + (path.isEmpty() ? "" : " at " + path));
          }
          return NODES.numberNode(d.doubleValue());
        } catch (NumberFormatException e) {
          return NODES.textNode(v);
        }
      }
      return NODES.textNode(v);
    }

    private static BigInteger integer(String raw) {
      String v = raw.replace("_", "");
      int sign = 1;
      if (v.startsWith("-") || v.startsWith("+")) {
        sign = v.startsWith("-") ? -1 : 1;
        v = v.substring(1);
      }
      try {
        BigInteger i;
        if (v.startsWith("0b")) {
          i = new BigInteger(v.substring(2), 2);
        } else if (v.startsWith("0x")) {
          i = new BigInteger(v.substring(2), 16);
        } else if (v.startsWith("0o")) {
          i = new BigInteger(v.substring(2), 8);
        } else if (v.length() > 1 && v.startsWith("0")) {
          i = new BigInteger(v.substring(1), 8);
        } else {
          i = new BigInteger(v);
        }
        return sign < 0 ? i.negate() : i;
      } catch (NumberFormatException e) {
        return null;
      }
    }

    /** go-yaml's allowance: 99% aliases while small, falling to 10% for huge documents. */
    private static double allowedAliasRatio(long decodeCount) {
      if (decodeCount <= 400_000) {
        return 0.99;
      }
      if (decodeCount >= 4_000_000) {
        return 0.10;
      }
      return 0.99 - 0.89 * ((double) (decodeCount - 400_000) / 3_600_000);
    }
  }
}
