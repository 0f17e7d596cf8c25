package dev.customapiserver.groups.wardle;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.wardle.Fischer;
import dev.customapiserver.apis.wardle.Flunder;
import dev.customapiserver.runtime.ResourceStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** The rules of Fischer: every entry of {@code disallowedFlunders} is a DNS-1123 subdomain (a valid Flunder name). */
public final class FischerStrategy implements ResourceStrategy<Fischer> {
  static final int SUBDOMAIN_MAX_LENGTH = 253;
  private static final String LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
  private static final String SUBDOMAIN = LABEL + "(\\." + LABEL + ")*";
  private static final Pattern SUBDOMAIN_PATTERN = Pattern.compile(SUBDOMAIN);
  private static final String SUBDOMAIN_DETAIL = "a lowercase RFC 1123 subdomain must consist of lower case "
      + "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character "
      + "(e.g. 'example.com', regex used for validation is '" + SUBDOMAIN + "')";

  @Override
  public List<FieldError> validate(Fischer obj) {
    List<FieldError> errors = new ArrayList<>();
    if (obj.disallowedFlunders == null) {
      return errors;
    }
    for (int i = 0; i < obj.disallowedFlunders.size(); i++) {
      String name = obj.disallowedFlunders.get(i);
      String field = "disallowedFlunders[" + i + "]";
      if (name == null || name.isEmpty()) {
        errors.add(FieldError.required(field, ""));
      } else if (name.length() > SUBDOMAIN_MAX_LENGTH) {
        errors.add(FieldError.invalid(field, name, "must be no more than " + SUBDOMAIN_MAX_LENGTH + " characters"));
      } else if (!SUBDOMAIN_PATTERN.matcher(name).matches()) {
        errors.add(FieldError.invalid(field, name, SUBDOMAIN_DETAIL));
      }
    }
    return errors;
  }
}
