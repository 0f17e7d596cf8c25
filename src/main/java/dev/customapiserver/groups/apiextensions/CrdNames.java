package dev.customapiserver.groups.apiextensions;

import dev.customapiserver.api.validation.NameRules;
import java.util.List;

/** The DNS-1035 label rule CRD names and versions follow, worded as kube-apiserver words it. */
public final class CrdNames {
  private CrdNames() {}

  static List<String> dns1035Label(String value) {
    return NameRules.dns1035Label(value);
  }
}
