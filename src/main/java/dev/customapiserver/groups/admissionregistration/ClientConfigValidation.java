package dev.customapiserver.groups.admissionregistration;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.admissionregistration.WebhookClientConfig;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/** Validation of {@code clientConfig}: exactly one of url or service, an https URL, a service reference, a base64 CA bundle. */
public final class ClientConfigValidation {
  private static final String FORM = "; desired format: https://host[/path]";

  private ClientConfigValidation() {}

  /** The problems of {@code cc} under the field path {@code path}. */
  public static List<FieldError> validate(WebhookClientConfig cc, String path) {
    List<FieldError> errs = new ArrayList<>();
    if (cc == null || (cc.url == null) == (cc.service == null)) {
      errs.add(FieldError.required(path, "exactly one of url or service is required"));
    } else if (cc.url != null) {
      errs.addAll(url(cc.url, path + ".url"));
    } else {
      errs.addAll(service(cc.service, path + ".service"));
    }
    if (cc != null && cc.caBundle != null) {
      try {
        Base64.getDecoder().decode(cc.caBundle);
      } catch (IllegalArgumentException e) {
        errs.add(FieldError.invalid(path + ".caBundle", new FieldError.Raw("\"...\""),
            "must be base64-encoded PEM certificates: " + e.getMessage()));
      }
    }
    return errs;
  }

  private static List<FieldError> url(String url, String path) {
    List<FieldError> errs = new ArrayList<>();
    URI u;
    try {
      u = new URI(url);
    } catch (URISyntaxException e) {
      errs.add(FieldError.required(path, "url must be a valid URL: " + e.getMessage() + FORM));
      return errs;
    }
    String scheme = u.getScheme() == null ? "" : u.getScheme();
    if (!scheme.equals("https")) {
      errs.add(FieldError.invalid(path, scheme, "'https' is the only allowed URL scheme" + FORM));
    }
    if (u.getHost() == null || u.getHost().isEmpty()) {
      errs.add(FieldError.invalid(path, u.getHost() == null ? "" : u.getHost(), "host must be provided" + FORM));
    }
    if (u.getRawUserInfo() != null) {
      errs.add(FieldError.invalid(path, u.getRawUserInfo(), "user information is not permitted in the URL"));
    }
    if (u.getRawFragment() != null) {
      errs.add(FieldError.invalid(path, u.getRawFragment(), "fragments are not permitted in the URL"));
    }
    if (u.getRawQuery() != null) {
      errs.add(FieldError.invalid(path, u.getRawQuery(), "query parameters are not permitted in the URL"));
    }
    return errs;
  }

  private static List<FieldError> service(WebhookClientConfig.ServiceReference s, String path) {
    List<FieldError> errs = new ArrayList<>();
    if (s.name == null || s.name.isEmpty()) {
      errs.add(FieldError.required(path + ".name", "service name is required"));
    }
    if (s.namespace == null || s.namespace.isEmpty()) {
      errs.add(FieldError.required(path + ".namespace", "service namespace is required"));
    }
    if (s.port != null && (s.port < 1 || s.port > 65535)) {
      errs.add(FieldError.invalid(path + ".port", s.port, "port is not valid: must be between 1 and 65535, inclusive"));
    }
    String p = s.path;
    if (p == null || p.isEmpty() || p.equals("/")) {
      return errs;
    }
    if (!p.startsWith("/")) {
      errs.add(FieldError.invalid(path + ".path", p, "must start with a '/'"));
    } else if (p.contains("//")) {
      errs.add(FieldError.invalid(path + ".path", p, "segment[" + segmentIndex(p) + "] may not be empty"));
    }
    return errs;
  }

  private static int segmentIndex(String p) {
    String[] parts = p.substring(1).split("/", -1);
    for (int i = 0; i < parts.length; i++) {
      if (parts[i].isEmpty()) {
        return i;
      }
    }
    return 0;
  }
}
