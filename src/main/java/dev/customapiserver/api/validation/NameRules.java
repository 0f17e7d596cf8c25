package dev.customapiserver.api.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Kubernetes' naming rules. Each check returns the problems found (empty when valid), worded as
 * kube-apiserver words them, for use as the detail of an Invalid field error.
 */
public final class NameRules {
  private static final String LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
  private static final String SUBDOMAIN = LABEL + "(\\." + LABEL + ")*";
  private static final String QUALIFIED_NAME_PART = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
  private static final String LABEL_VALUE = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
  private static final String DNS1035_LABEL = "[a-z]([-a-z0-9]*[a-z0-9])?";
  private static final Pattern LABEL_P = Pattern.compile(LABEL);
  private static final Pattern DNS1035_LABEL_P = Pattern.compile(DNS1035_LABEL);
  private static final Pattern SUBDOMAIN_P = Pattern.compile(SUBDOMAIN);
  private static final Pattern QUALIFIED_P = Pattern.compile(QUALIFIED_NAME_PART);
  private static final Pattern LABEL_VALUE_P = Pattern.compile(LABEL_VALUE);

  private NameRules() {}

  /** DNS-1123 subdomain: object names of most kinds. */
  public static List<String> dns1123Subdomain(String value) {
    List<String> errs = new ArrayList<>();
    if (value.length() > 253) {
      errs.add("must be no more than 253 characters");
    }
    if (!SUBDOMAIN_P.matcher(value).matches()) {
      errs.add("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
          + "and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '"
          + SUBDOMAIN + "')");
    }
    return errs;
  }

  /** DNS-1123 label: namespace names. */
  public static List<String> dns1123Label(String value) {
    List<String> errs = new ArrayList<>();
    if (value.length() > 63) {
      errs.add("must be no more than 63 characters");
    }
    if (!LABEL_P.matcher(value).matches()) {
      errs.add("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must "
          + "start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '"
          + LABEL + "')");
    }
    return errs;
  }

  /** DNS-1035 label: service names, CRD names and versions. */
  public static List<String> dns1035Label(String value) {
    List<String> errs = new ArrayList<>();
    if (value.length() > 63) {
      errs.add("must be no more than 63 characters");
    }
    if (!DNS1035_LABEL_P.matcher(value).matches()) {
      errs.add("a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic "
          + "character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '"
          + DNS1035_LABEL + "')");
    }
    return errs;
  }

  /**
   * A name that a server will complete with a suffix ({@code generateName}): kube checks it with its
   * trailing dash masked, as {@code NameIsDNSLabel(name, true)} does.
   */
  public static String maskTrailingDash(String name) {
    return name.length() > 1 && name.endsWith("-") ? name.substring(0, name.length() - 2) + "a" : name;
  }

  /** A qualified name ({@code prefix/name}): label and annotation keys. */
  public static List<String> qualifiedName(String value) {
    List<String> errs = new ArrayList<>();
    String name = value;
    int slash = value.indexOf('/');
    if (slash >= 0) {
      String prefix = value.substring(0, slash);
      name = value.substring(slash + 1);
      if (prefix.isEmpty()) {
        errs.add("prefix part must be non-empty");
      } else {
        dns1123Subdomain(prefix).forEach(e -> errs.add("prefix part " + e));
      }
      if (name.contains("/")) {
        errs.add("a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end "
            + "with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '"
            + QUALIFIED_NAME_PART + "') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
        return errs;
      }
    }
    if (name.isEmpty()) {
      errs.add("name part must be non-empty");
    } else if (name.length() > 63) {
      errs.add("name part must be no more than 63 characters");
    }
    if (!name.isEmpty() && !QUALIFIED_P.matcher(name).matches()) {
      errs.add("name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
          + "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '"
          + QUALIFIED_NAME_PART + "')");
    }
    return errs;
  }

  /** A port name (IANA_SVC_NAME): container and service port names. */
  public static List<String> portName(String value) {
    List<String> errs = new ArrayList<>();
    if (value.length() > 15) {
      errs.add("must be no more than 15 characters");
    }
    if (!value.matches("[-a-z0-9]+")) {
      errs.add("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
    }
    if (!value.matches("(?s).*[a-z].*")) {
      errs.add("must contain at least one letter (a-z)");
    }
    if (value.contains("--")) {
      errs.add("must not contain consecutive hyphens");
    }
    if (value.startsWith("-") || value.endsWith("-")) {
      errs.add("must not begin or end with a hyphen");
    }
    return errs;
  }

  /** A label value. */
  public static List<String> labelValue(String value) {
    List<String> errs = new ArrayList<>();
    if (value.length() > 63) {
      errs.add("must be no more than 63 characters");
    }
    if (!LABEL_VALUE_P.matcher(value).matches()) {
      errs.add("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and "
          + "must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used "
          + "for validation is '" + LABEL_VALUE + "')");
    }
    return errs;
  }
}
