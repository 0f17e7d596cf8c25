package dev.customapiserver.auth.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.meta.MicroTime;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.request.DecodedRequestObject;
import dev.customapiserver.request.RequestInfo;
import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an audit event says of one request at one stage, rendered as an {@code audit.k8s.io/v1}
 * Event. Bodies are given raw (JSON) and included only at the levels that record them: the request
 * object from {@link Level#REQUEST}, the response object at {@link Level#REQUEST_RESPONSE}; a failed
 * response's Status gives {@code responseStatus} its status, reason and message at every level.
 *
 * @param user the authenticated user; null when authentication failed (rendered as {@code {}})
 * @param code the HTTP status, or 0 before the response started
 * @param requestBody the request body if captured (JSON), else null
 * @param responseBody the response body if captured (JSON), else null; given at the stage that
 *     reports it (ResponseComplete, or ResponseStarted for a failed authentication)
 * @param objectMeta the metadata of the object the API decoded from the body, completing {@code
 *     objectRef} as kube's {@code LogRequestObject} (the name of a create); null when none
 * @param annotations the request's audit annotations so far (the authorizer's decision and reason)
 */
public record AuditEvent(String auditId, Level level, Stage stage, String requestUri, RequestInfo info, UserInfo user,
    UserInfo impersonatedUser, List<String> sourceIps, String userAgent, int code, byte[] requestBody,
    byte[] responseBody, Instant received, Instant now, DecodedRequestObject.Meta objectMeta,
    Map<String, String> annotations) {

  /** Without a decoded object nor annotations. */
  public AuditEvent(String auditId, Level level, Stage stage, String requestUri, RequestInfo info, UserInfo user,
      UserInfo impersonatedUser, List<String> sourceIps, String userAgent, int code, byte[] requestBody,
      byte[] responseBody, Instant received, Instant now) {
    this(auditId, level, stage, requestUri, info, user, impersonatedUser, sourceIps, userAgent, code, requestBody,
        responseBody, received, now, null, Map.of());
  }

  /** The event as JSON-ready ordered maps, as kube writes it. */
  public Map<String, Object> render(ObjectMapper json) {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("kind", "Event");
    e.put("apiVersion", "audit.k8s.io/v1");
    e.put("level", level.wire());
    e.put("auditID", auditId);
    e.put("stage", stage.wire());
    e.put("requestURI", requestUri);
    e.put("verb", info.verb());
    e.put("user", user(user));
    if (impersonatedUser != null) {
      e.put("impersonatedUser", user(impersonatedUser));
    }
    e.put("sourceIPs", sourceIps);
    if (userAgent != null) {
      e.put("userAgent", userAgent);
    }
    if (info.resourceRequest()) {
      // kube's ObjectReference: from the request's path, completed from the decoded object where empty
      DecodedRequestObject.Meta m = objectMeta == null ? new DecodedRequestObject.Meta("", "", "", "") : objectMeta;
      Map<String, Object> ref = new LinkedHashMap<>();
      putIfSet(ref, "resource", info.resource());
      putIfSet(ref, "namespace", either(info.namespace(), m.namespace()));
      putIfSet(ref, "name", either(info.name(), m.name()));
      putIfSet(ref, "uid", m.uid());
      putIfSet(ref, "apiGroup", info.apiGroup());
      putIfSet(ref, "apiVersion", info.apiVersion());
      putIfSet(ref, "resourceVersion", m.resourceVersion());
      putIfSet(ref, "subresource", info.subresource());
      e.put("objectRef", ref);
    }
    JsonNode response = parse(json, responseBody);
    if (code > 0) {
      Map<String, Object> status = new LinkedHashMap<>();
      status.put("metadata", Map.of());
      if (response != null && "Status".equals(response.path("kind").asText()) && code >= 300) {
        putIfSet(status, "status", response.path("status").asText(""));
        putIfSet(status, "message", response.path("message").asText(""));
        putIfSet(status, "reason", response.path("reason").asText(""));
      }
      status.put("code", code);
      e.put("responseStatus", status);
    }
    if (level.atLeast(Level.REQUEST)) {
      JsonNode request = parse(json, requestBody);
      if (request != null) {
        e.put("requestObject", request);
      }
    }
    if (level.atLeast(Level.REQUEST_RESPONSE) && response != null) {
      e.put("responseObject", response);
    }
    e.put("requestReceivedTimestamp", MicroTime.format(received));
    e.put("stageTimestamp", MicroTime.format(now));
    if (annotations != null && !annotations.isEmpty()) {
      e.put("annotations", new TreeMap<>(annotations));
    }
    return e;
  }

  private static String either(String first, String second) {
    return first != null && !first.isEmpty() ? first : second;
  }

  private static Map<String, Object> user(UserInfo u) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (u == null) {
      return m;
    }
    m.put("username", u.name());
    putIfSet(m, "uid", u.uid());
    if (!u.groups().isEmpty()) {
      m.put("groups", u.groups());
    }
    if (!u.extra().isEmpty()) {
      m.put("extra", u.extra());
    }
    return m;
  }

  private static void putIfSet(Map<String, Object> m, String key, String value) {
    if (value != null && !value.isEmpty()) {
      m.put(key, value);
    }
  }

  private static JsonNode parse(ObjectMapper json, byte[] body) {
    if (body == null || body.length == 0 || body[0] != '{') {
      return null;
    }
    try {
      return json.readTree(body);
    } catch (IOException e) {
      return null;
    }
  }
}
