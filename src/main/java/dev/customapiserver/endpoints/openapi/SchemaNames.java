package dev.customapiserver.endpoints.openapi;

import dev.customapiserver.runtime.GroupVersion;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/** How schemas, operations and tags are named, following kube-apiserver's conventions. */
final class SchemaNames {
  /** Prefix of the shared meta/v1 schemas. */
  static final String META = "io.k8s.apimachinery.pkg.apis.meta.v1.";
  static final String REF_PREFIX = "#/components/schemas/";

  private SchemaNames() {}

  /**
   * The schema name prefix of a group-version: reverse DNS of the group and the version
   * ({@code dev.zeng.hello.v2}); the core group is {@code io.k8s.api.core.v1}.
   */
  static String prefix(GroupVersion gv) {
    if (gv.group().isEmpty()) {
      return "io.k8s.api.core." + gv.version();
    }
    List<String> labels = new ArrayList<>(Arrays.asList(gv.group().split("\\.")));
    Collections.reverse(labels);
    return String.join(".", labels) + "." + gv.version();
  }

  static String ref(String schemaName) {
    return REF_PREFIX + schemaName;
  }

  /** The key of a group-version in the index and its URL path: {@code apis/hello.zeng.dev/v2} or {@code api/v1}. */
  static String indexKey(GroupVersion gv) {
    return gv.group().isEmpty() ? "api/" + gv.version() : "apis/" + gv.group() + "/" + gv.version();
  }

  /** {@code HelloZengDevV2}, {@code CoreV1}: the middle of operation ids. */
  static String operationInfix(GroupVersion gv) {
    String group = gv.group().isEmpty() ? "core" : gv.group();
    StringBuilder b = new StringBuilder();
    for (String part : group.split("[.\\-]")) {
      b.append(capitalize(part));
    }
    return b.append(capitalize(gv.version())).toString();
  }

  /** {@code helloZengDev_v2}, {@code core_v1}: the operation tag. */
  static String tag(GroupVersion gv) {
    String infix = operationInfix(new GroupVersion(gv.group(), ""));
    return infix.substring(0, 1).toLowerCase(Locale.ROOT) + infix.substring(1) + "_" + gv.version();
  }

  /**
   * {@code a Foo}, {@code an Ingress}, or the bare kind when it reads as a plural ({@code Endpoints}, not
   * {@code Class}): kube's GetArticleForNoun in operation descriptions.
   */
  static String withArticle(String kind) {
    if (kind.endsWith("s") && !kind.endsWith("ss")) {
      return kind;
    }
    return ("aeiou".indexOf(Character.toLowerCase(kind.charAt(0))) >= 0 ? "an " : "a ") + kind;
  }

  static String capitalize(String s) {
    return s.isEmpty() ? s : s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
  }
}
