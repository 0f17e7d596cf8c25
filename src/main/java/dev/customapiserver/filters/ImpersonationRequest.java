package dev.customapiserver.filters;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.SystemGroups;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the {@code Impersonate-*} headers of a request ask for: a user (or a service account
 * {@code system:serviceaccount:<ns>:<name>}), groups, a UID and extras.
 */
record ImpersonationRequest(String userName, List<String> groups, boolean groupsGiven, String uid,
    Map<String, List<String>> extra) {
  static final String USER = "Impersonate-User";
  static final String GROUP = "Impersonate-Group";
  static final String UID = "Impersonate-Uid";
  static final String EXTRA_PREFIX = "impersonate-extra-";
  private static final String SERVICE_ACCOUNT_PREFIX = "system:serviceaccount:";
  private static final String AUTHENTICATION_GROUP = "authentication.k8s.io";

  /**
   * The request's impersonation, or empty without {@code Impersonate-*} headers.
   *
   * @throws IllegalArgumentException for groups, a UID or extras without a user
   */
  static Optional<ImpersonationRequest> of(HttpServletRequest request) {
    String user = Optional.ofNullable(request.getHeader(USER)).orElse("");
    List<String> groups = Collections.list(request.getHeaders(GROUP));
    String uid = Optional.ofNullable(request.getHeader(UID)).orElse("");
    Map<String, List<String>> extra = new LinkedHashMap<>();
    for (String header : Collections.list(request.getHeaderNames())) {
      String lower = header.toLowerCase(Locale.ROOT);
      if (lower.startsWith(EXTRA_PREFIX)) {
        String key = unescape(lower.substring(EXTRA_PREFIX.length()));
        extra.computeIfAbsent(key, k -> new ArrayList<>()).addAll(Collections.list(request.getHeaders(header)));
      }
    }
    if (user.isEmpty()) {
      if (!groups.isEmpty() || !uid.isEmpty() || !extra.isEmpty()) {
        throw new IllegalArgumentException("requested impersonation of " + String.join(", ", what(groups, uid, extra))
            + " without impersonating a user");
      }
      return Optional.empty();
    }
    return Optional.of(new ImpersonationRequest(user, groups, !groups.isEmpty(), uid, extra));
  }

  private static List<String> what(List<String> groups, String uid, Map<String, List<String>> extra) {
    List<String> parts = new ArrayList<>();
    groups.forEach(g -> parts.add("group \"" + g + "\""));
    if (!uid.isEmpty()) {
      parts.add("uid \"" + uid + "\"");
    }
    extra.forEach((k, vs) -> vs.forEach(v -> parts.add("user extra " + k + "=\"" + v + "\"")));
    return parts;
  }

  /** kube unescapes extra keys with Go's url.PathUnescape; a malformed escape keeps the key as sent. */
  private static String unescape(String key) {
    try {
      return URLDecoder.decode(key.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return key;
    }
  }

  /** The {@code impersonate} checks for {@code requester}, in kube's order: user, groups, extras, UID. */
  List<AuthorizationAttributes> checks(UserInfo requester, String path) {
    List<AuthorizationAttributes> checks = new ArrayList<>();
    Optional<String[]> sa = serviceAccount();
    if (sa.isPresent()) {
      checks.add(new AuthorizationAttributes(requester, "impersonate", true, "", "", "serviceaccounts", "", sa.get()[0],
          sa.get()[1], path));
    } else {
      checks.add(new AuthorizationAttributes(requester, "impersonate", true, "", "", "users", "", "", userName, path));
    }
    groups.forEach(g -> checks.add(new AuthorizationAttributes(requester, "impersonate", true, "", "", "groups", "", "",
        g, path)));
    extra.forEach((k, vs) -> vs.forEach(v -> checks.add(new AuthorizationAttributes(requester, "impersonate", true,
        AUTHENTICATION_GROUP, "", "userextras", k, "", v, path))));
    if (!uid.isEmpty()) {
      checks.add(new AuthorizationAttributes(requester, "impersonate", true, AUTHENTICATION_GROUP, "", "uids", "", "",
          uid, path));
    }
    return checks;
  }

  /**
   * The user the request acts as. Without {@code Impersonate-Group}, a service account gets its
   * groups; then, as kube, a user other than {@code system:anonymous} is put in {@code
   * system:authenticated} unless a given group is it or {@code system:unauthenticated}, and {@code
   * system:anonymous} in {@code system:unauthenticated}.
   */
  UserInfo user() {
    List<String> all = new ArrayList<>(groups);
    Optional<String[]> sa = serviceAccount();
    if (sa.isPresent() && !groupsGiven) {
      all.add("system:serviceaccounts");
      all.add("system:serviceaccounts:" + sa.get()[0]);
    }
    if (!userName.equals(SystemGroups.ANONYMOUS_USER)) {
      if (!all.contains(SystemGroups.AUTHENTICATED) && !all.contains(SystemGroups.UNAUTHENTICATED)) {
        all.add(SystemGroups.AUTHENTICATED);
      }
    } else if (!all.contains(SystemGroups.UNAUTHENTICATED)) {
      all.add(SystemGroups.UNAUTHENTICATED);
    }
    return new UserInfo(userName, uid, all, extra);
  }

  /** {@code [namespace, name]} when the user is {@code system:serviceaccount:<ns>:<name>}. */
  private Optional<String[]> serviceAccount() {
    if (!userName.startsWith(SERVICE_ACCOUNT_PREFIX)) {
      return Optional.empty();
    }
    String[] parts = userName.substring(SERVICE_ACCOUNT_PREFIX.length()).split(":", -1);
    return parts.length == 2 && !parts[0].isEmpty() && !parts[1].isEmpty() ? Optional.of(parts) : Optional.empty();
  }
}
