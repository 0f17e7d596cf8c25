package dev.customapiserver.apis.apiextensions;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** The DNS-1035 label rule CRD names and versions follow, worded as kube-apiserver words it. */
final class CrdNames {
  private static final String LABEL = "[a-z]([-a-z0-9]*[a-z0-9])?";
  private static final Pattern LABEL_P = Pattern.compile(LABEL);

  private CrdNames() {}

  static List<String> dns1035Label(String value) {
    List<String> errs = new ArrayList<>();
    if (value.length() > 63) {
      errs.add("must be no more than 63 characters");
    }
    if (!LABEL_P.matcher(value).matches()) {
      errs.add("a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic "
          + "character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '"
          + LABEL + "')");
    }
    return errs;
  }
}
