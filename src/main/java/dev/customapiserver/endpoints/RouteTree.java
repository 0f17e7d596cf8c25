package dev.customapiserver.endpoints;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.model.Resource;

/**
 * Nests the routes of each literal group/version ({@code /api/v1}, {@code /apis/g/v}) under one root
 * resource of that path, each route a child with the rest of its path. Jersey matches a request
 * against its root resources one regular expression after the other; with every group, version and
 * resource registered at the root, a request to a custom resource tried some hundred patterns.
 * Nested, it tries one per group/version and then those of its own group/version. Which route serves
 * a path is unchanged: the order among routes sharing a prefix is the same, and a path below a
 * built-in group/version that no route serves was refused as not found either way.
 */
final class RouteTree {
  private RouteTree() {}

  /** {@code resources} with the routes of every literal group/version nested under one root each. */
  static List<Resource> nest(List<Resource> resources) {
    Map<String, List<Resource>> byPrefix = new LinkedHashMap<>();
    List<Resource> roots = new ArrayList<>();
    for (Resource r : resources) {
      String prefix = prefix(r.getPath());
      if (prefix == null) {
        roots.add(r);
      } else {
        byPrefix.computeIfAbsent(prefix, p -> new ArrayList<>()).add(r);
      }
    }
    byPrefix.forEach((prefix, routes) -> {
      Resource.Builder parent = Resource.builder(prefix);
      for (Resource r : routes) {
        String path = strip(r.getPath());
        if (path.equals(prefix)) {
          parent.mergeWith(r);
        } else {
          addFlat(parent, path.substring(prefix.length() + 1), r);
        }
      }
      roots.add(parent.build());
    });
    return roots;
  }

  /**
   * Adds {@code r} at {@code path} below {@code parent} and its own children beside it with their
   * whole relative path: one level of children as before (Jersey's automatic OPTIONS methods, and
   * its model processors generally, handle a root's children but not their children).
   */
  private static void addFlat(Resource.Builder parent, String path, Resource r) {
    if (!r.getResourceMethods().isEmpty() || r.getResourceLocator() != null) {
      Resource.Builder child = parent.addChildResource(path);
      r.getResourceMethods().forEach(child::addMethod);
      if (r.getResourceLocator() != null) {
        child.addMethod(r.getResourceLocator());
      }
    }
    for (Resource c : r.getChildResources()) {
      String below = c.getPath().startsWith("/") ? c.getPath().substring(1) : c.getPath();
      addFlat(parent, strip(path + "/" + below).substring(1), c);
    }
  }

  /** The literal group/version a path starts with, or null (a templated one, another path). */
  static String prefix(String path) {
    String p = strip(path);
    String[] s = p.split("/", -1); // "", "api"|"apis", ...
    int segments = s.length > 1 && s[1].equals("api") ? 3 : s.length > 1 && s[1].equals("apis") ? 4 : 0;
    if (segments == 0 || s.length < segments) {
      return null;
    }
    StringBuilder b = new StringBuilder();
    for (int i = 1; i < segments; i++) {
      if (s[i].isEmpty() || s[i].contains("{")) {
        return null;
      }
      b.append('/').append(s[i]);
    }
    return b.toString();
  }

  private static String strip(String path) {
    String p = path.startsWith("/") ? path : "/" + path;
    return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
  }
}
