package dev.customapiserver.filters;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Enumeration;
import java.util.function.Predicate;

/**
 * The request without the headers a stage consumed (the bearer token once authenticated, the
 * {@code Impersonate-*} headers once applied), as kube-apiserver deletes them so that nothing further
 * in (e.g. a proxy to an aggregated server) is tempted to use them.
 */
final class HiddenHeaders extends HttpServletRequestWrapper {
  private final Predicate<String> hidden;

  HiddenHeaders(HttpServletRequest request, Predicate<String> hidden) {
    super(request);
    this.hidden = hidden;
  }

  @Override
  public String getHeader(String name) {
    return hidden.test(name) ? null : super.getHeader(name);
  }

  @Override
  public Enumeration<String> getHeaders(String name) {
    return hidden.test(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
  }

  @Override
  public Enumeration<String> getHeaderNames() {
    Enumeration<String> all = super.getHeaderNames();
    List<String> shown = new ArrayList<>();
    while (all.hasMoreElements()) {
      String name = all.nextElement();
      if (!hidden.test(name)) {
        shown.add(name);
      }
    }
    return Collections.enumeration(shown);
  }

  @Override
  public long getDateHeader(String name) {
    return hidden.test(name) ? -1 : super.getDateHeader(name);
  }

  @Override
  public int getIntHeader(String name) {
    return hidden.test(name) ? -1 : super.getIntHeader(name);
  }
}
