package dev.customapiserver.groups.core;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.core.Secret;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The keys kube-apiserver requires of the typed secrets: {@code service-account-token} (the
 * service account's name annotation), {@code dockercfg} and {@code dockerconfigjson} (well-formed JSON
 * objects), {@code basic-auth} (username or password), {@code ssh-auth} (a private key), {@code tls}
 * (certificate and key). Opaque and unknown types require nothing.
 */
public final class SecretTypes {
  static final String SERVICE_ACCOUNT_TOKEN = "kubernetes.io/service-account-token";
  static final String SERVICE_ACCOUNT_NAME = "kubernetes.io/service-account.name";
  static final String DOCKERCFG = "kubernetes.io/dockercfg";
  static final String DOCKER_CONFIG_JSON = "kubernetes.io/dockerconfigjson";
  static final String BASIC_AUTH = "kubernetes.io/basic-auth";
  static final String SSH_AUTH = "kubernetes.io/ssh-auth";
  static final String TLS = "kubernetes.io/tls";
  private static final ObjectMapper JSON = new ObjectMapper();

  private SecretTypes() {}

  static void check(Secret s, List<FieldError> errors) {
    Map<String, byte[]> data = s.data == null ? Map.of() : s.data;
    String type = s.type == null ? "" : s.type;
    switch (type) {
      case SERVICE_ACCOUNT_TOKEN -> {
        Map<String, String> annotations = s.metadata().annotations;
        if (annotations == null || annotations.getOrDefault(SERVICE_ACCOUNT_NAME, "").isEmpty()) {
          errors.add(FieldError.required("metadata.annotations[" + SERVICE_ACCOUNT_NAME + "]", ""));
        }
      }
      case DOCKERCFG -> json(data, ".dockercfg", errors);
      case DOCKER_CONFIG_JSON -> json(data, ".dockerconfigjson", errors);
      case BASIC_AUTH -> {
        if (!data.containsKey("username") && !data.containsKey("password")) {
          errors.add(FieldError.required("data[username]", ""));
          errors.add(FieldError.required("data[password]", ""));
        }
      }
      case SSH_AUTH -> {
        byte[] key = data.get("ssh-privatekey");
        if (key == null || key.length == 0) {
          errors.add(FieldError.required("data[ssh-privatekey]", ""));
        }
      }
      case TLS -> {
        if (!data.containsKey("tls.crt")) {
          errors.add(FieldError.required("data[tls.crt]", ""));
        }
        if (!data.containsKey("tls.key")) {
          errors.add(FieldError.required("data[tls.key]", ""));
        }
      }
      default -> { }
    }
  }

  private static void json(Map<String, byte[]> data, String key, List<FieldError> errors) {
    byte[] value = data.get(key);
    if (value == null) {
      errors.add(FieldError.required("data[" + key + "]", ""));
      return;
    }
    String problem = jsonObjectProblem(value);
    if (problem != null) {
      errors.add(FieldError.invalid("data[" + key + "]", "<secret contents redacted>", problem));
    }
  }

  /** Go's encoding/json complaint about {@code value} as a JSON object, or null when it is one. */
  static String jsonObjectProblem(byte[] value) {
    JsonNode node;
    try {
      node = JSON.readTree(value);
    } catch (JsonEOFException e) {
      return "unexpected end of JSON input";
    } catch (JsonParseException e) {
      String s = new String(value, StandardCharsets.UTF_8).strip();
      return s.isEmpty() ? "unexpected end of JSON input" : "invalid character '" + s.charAt(0) + "' looking for beginning of value";
    } catch (IOException e) {
      return "unexpected end of JSON input";
    }
    if (node == null || node.isMissingNode()) {
      return "unexpected end of JSON input";
    }
    if (!node.isObject() && !node.isNull()) {
      String kind = node.isArray() ? "array" : node.isTextual() ? "string" : node.isNumber() ? "number" : "bool";
      return "json: cannot unmarshal " + kind + " into Go value of type map[string]interface {}";
    }
    return null;
  }
}
