package dev.customapiserver.endpoints.fieldmanager;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/**
 * A set of field paths as a trie (structured-merge-diff's {@code fieldpath.Set}). A path is a list
 * of FieldsV1 tokens: {@code f:name} (field or map key), {@code k:{"name":"x"}} (map-list item),
 * {@code v:"x"} (set item), {@code i:0} (index, never produced here). Mutable; copy before sharing.
 */
final class FieldSet {
  private final TreeMap<String, FieldSet> children = new TreeMap<>();
  private boolean member;

  static FieldSet of(List<List<String>> paths) {
    FieldSet s = new FieldSet();
    paths.forEach(s::insert);
    return s;
  }

  void insert(List<String> path) {
    FieldSet n = this;
    for (String t : path) {
      n = n.children.computeIfAbsent(t, k -> new FieldSet());
    }
    n.member = true;
  }

  boolean has(List<String> path) {
    FieldSet n = this;
    for (String t : path) {
      n = n.children.get(t);
      if (n == null) {
        return false;
      }
    }
    return n.member;
  }

  /** Whether some member lies strictly below {@code path}. */
  boolean hasBelow(List<String> path) {
    FieldSet n = this;
    for (String t : path) {
      n = n.children.get(t);
      if (n == null) {
        return false;
      }
    }
    for (FieldSet c : n.children.values()) {
      if (!c.isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /** The subtree under one token, or null. */
  FieldSet child(String token) {
    return children.get(token);
  }

  /** Whether this node itself (the path it stands for) is a member. */
  boolean isMember() {
    return member;
  }

  /** Whether members lie below this node. */
  boolean hasChildren() {
    return children.values().stream().anyMatch(c -> !c.isEmpty());
  }

  boolean isEmpty() {
    if (member) {
      return false;
    }
    for (FieldSet c : children.values()) {
      if (!c.isEmpty()) {
        return false;
      }
    }
    return true;
  }

  List<List<String>> members() {
    List<List<String>> out = new ArrayList<>();
    forEach(new ArrayList<>(), (p, n) -> {
      if (n.member) {
        out.add(List.copyOf(p));
      }
    });
    return out;
  }

  private void forEach(List<String> prefix, BiConsumer<List<String>, FieldSet> visit) {
    visit.accept(prefix, this);
    for (Map.Entry<String, FieldSet> e : children.entrySet()) {
      prefix.add(e.getKey());
      e.getValue().forEach(prefix, visit);
      prefix.remove(prefix.size() - 1);
    }
  }

  FieldSet copy() {
    return of(members());
  }

  FieldSet union(FieldSet other) {
    FieldSet s = copy();
    other.members().forEach(s::insert);
    return s;
  }

  /** The members of this set that are not members of {@code other} (descendants are not affected). */
  FieldSet difference(FieldSet other) {
    FieldSet s = new FieldSet();
    members().stream().filter(p -> !other.has(p)).forEach(s::insert);
    return s;
  }

  FieldSet intersection(FieldSet other) {
    FieldSet s = new FieldSet();
    members().stream().filter(other::has).forEach(s::insert);
    return s;
  }

  /** The members {@code keep} accepts. */
  FieldSet filter(Predicate<List<String>> keep) {
    FieldSet s = new FieldSet();
    members().stream().filter(keep).forEach(s::insert);
    return s;
  }

  /** This set minus every member equal to or below a member of {@code other}. */
  FieldSet recursiveDifference(FieldSet other) {
    FieldSet s = new FieldSet();
    for (List<String> p : members()) {
      boolean covered = false;
      for (int i = 0; i <= p.size() && !covered; i++) {
        covered = other.has(p.subList(0, i));
      }
      if (!covered) {
        s.insert(p);
      }
    }
    return s;
  }

  /** The FieldsV1 JSON form: {@code {"f:spec":{"f:x":{}},"k:{...}":{".":{},...}}}. */
  ObjectNode toFieldsV1() {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    if (member && !children.isEmpty()) {
      o.putObject(".");
    }
    children.forEach((k, c) -> {
      if (!c.isEmpty()) {
        o.set(k, c.toFieldsV1());
      }
    });
    return o;
  }

  /** Parses FieldsV1; throws IllegalArgumentException on anything else. */
  static FieldSet fromFieldsV1(JsonNode json) {
    FieldSet s = new FieldSet();
    s.read(json, new ArrayList<>());
    return s;
  }

  private void read(JsonNode json, List<String> prefix) {
    if (json == null || !json.isObject()) {
      throw new IllegalArgumentException("FieldsV1 must be a JSON object");
    }
    if (json.isEmpty() && !prefix.isEmpty()) {
      insert(prefix);
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (e.getKey().equals(".")) {
        insert(prefix);
        continue;
      }
      if (e.getKey().length() < 2 || e.getKey().charAt(1) != ':' || "fkvi".indexOf(e.getKey().charAt(0)) < 0) {
        throw new IllegalArgumentException("unexpected FieldsV1 key " + e.getKey());
      }
      prefix.add(e.getKey());
      read(e.getValue(), prefix);
      prefix.remove(prefix.size() - 1);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FieldSet f && members().equals(f.members());
  }

  @Override
  public int hashCode() {
    return members().hashCode();
  }

  @Override
  public String toString() {
    return toFieldsV1().toString();
  }
}
