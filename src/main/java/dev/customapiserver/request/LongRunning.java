package dev.customapiserver.request;

import java.util.Set;

/**
 * Which requests are long-running, as kube-apiserver's default check: watches, proxies and the
 * streaming subresources (exec, attach, portforward, proxy, log). They are not counted by the
 * in-flight limits and take no request timeout (a watch has its own).
 */
public final class LongRunning {
  private static final Set<String> VERBS = Set.of("watch", "proxy");
  private static final Set<String> SUBRESOURCES = Set.of("exec", "attach", "portforward", "proxy", "log");

  private LongRunning() {}

  public static boolean is(RequestInfo info) {
    return info.resourceRequest() && (VERBS.contains(info.verb()) || SUBRESOURCES.contains(info.subresource()));
  }
}
