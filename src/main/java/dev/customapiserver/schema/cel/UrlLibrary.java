package dev.customapiserver.schema.cel;

import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.ListType;
import dev.cel.common.types.MapType;
import dev.cel.common.types.OpaqueType;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelEvaluationExceptionBuilder;
import dev.cel.runtime.CelFunctionBinding;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * kube's URL library: {@code url(s)}, {@code isURL(s)}, and on a URL {@code getScheme()},
 * {@code getHost()}, {@code getHostname()}, {@code getPort()}, {@code getEscapedPath()},
 * {@code getQuery()}; URLs as kube accepts them (absolute, or an absolute path).
 */
final class UrlLibrary {
  static final OpaqueType URL = OpaqueType.create("kubernetes.URL");

  /** A parsed URL: the value CEL holds. */
  record Url(URI uri) {}

  private UrlLibrary() {}

  static List<CelFunctionDecl> declarations() {
    return List.of(
        CelFunctionDecl.newFunctionDeclaration("url", CelOverloadDecl.newGlobalOverload("kube_string_to_url", URL, SimpleType.STRING)),
        CelFunctionDecl.newFunctionDeclaration("isURL", CelOverloadDecl.newGlobalOverload("kube_is_url_string", SimpleType.BOOL, SimpleType.STRING)),
        member("getScheme", "kube_url_get_scheme", SimpleType.STRING),
        member("getHost", "kube_url_get_host", SimpleType.STRING),
        member("getHostname", "kube_url_get_hostname", SimpleType.STRING),
        member("getPort", "kube_url_get_port", SimpleType.STRING),
        member("getEscapedPath", "kube_url_get_escaped_path", SimpleType.STRING),
        member("getQuery", "kube_url_get_query", MapType.create(SimpleType.STRING, ListType.create(SimpleType.STRING))));
  }

  private static CelFunctionDecl member(String name, String id, dev.cel.common.types.CelType result) {
    return CelFunctionDecl.newFunctionDeclaration(name, CelOverloadDecl.newMemberOverload(id, result, URL));
  }

  static List<CelFunctionBinding> bindings() {
    return List.of(
        CelFunctionBinding.from("kube_string_to_url", String.class, UrlLibrary::url),
        CelFunctionBinding.from("kube_is_url_string", String.class, s -> parse(s) != null),
        CelFunctionBinding.from("kube_url_get_scheme", Url.class, u -> nz(u.uri().getScheme())),
        CelFunctionBinding.from("kube_url_get_host", Url.class, u -> nz(u.uri().getRawAuthority()).replaceFirst("^.*@", "")),
        CelFunctionBinding.from("kube_url_get_hostname", Url.class, u -> hostname(u.uri())),
        CelFunctionBinding.from("kube_url_get_port", Url.class, u -> u.uri().getPort() < 0 ? "" : String.valueOf(u.uri().getPort())),
        CelFunctionBinding.from("kube_url_get_escaped_path", Url.class, u -> nz(u.uri().getRawPath())),
        CelFunctionBinding.from("kube_url_get_query", Url.class, u -> query(u.uri())));
  }

  private static Url url(String s) throws CelEvaluationException {
    URI u = parse(s);
    if (u == null) {
      throw CelEvaluationExceptionBuilder.newBuilder("URL parse error during conversion from string: %s", s).build();
    }
    return new Url(u);
  }

  /** Go's {@code url.ParseRequestURI}: an absolute URL or an absolute path; null otherwise. */
  private static URI parse(String s) {
    try {
      URI u = new URI(s);
      return u.isAbsolute() || (u.getRawPath() != null && u.getRawPath().startsWith("/")) ? u : null;
    } catch (URISyntaxException e) {
      return null;
    }
  }

  private static String hostname(URI u) {
    String h = nz(u.getHost());
    return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
  }

  private static Map<String, List<String>> query(URI u) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    String q = u.getRawQuery();
    if (q == null || q.isEmpty()) {
      return out;
    }
    for (String pair : q.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
      String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
      out.computeIfAbsent(k, x -> new ArrayList<>()).add(v);
    }
    return out;
  }

  private static String nz(String s) {
    return s == null ? "" : s;
  }
}
