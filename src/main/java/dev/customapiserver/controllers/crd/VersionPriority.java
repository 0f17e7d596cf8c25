package dev.customapiserver.controllers.crd;

import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * kube's order of version names (most preferred first): GA before beta before alpha, higher major
 * then higher minor first (v2, v1, v1beta2, v1beta1, v1alpha1); names of other shapes last, by name.
 */
final class VersionPriority implements Comparator<String> {
  private static final Pattern KUBE = Pattern.compile("v(\\d+)(?:(alpha|beta)(\\d+))?");

  @Override
  public int compare(String a, String b) {
    Matcher ma = KUBE.matcher(a);
    Matcher mb = KUBE.matcher(b);
    boolean ka = ma.matches();
    boolean kb = mb.matches();
    if (!ka || !kb) {
      return ka ? -1 : kb ? 1 : a.compareTo(b);
    }
    int stability = Integer.compare(rank(mb.group(2)), rank(ma.group(2)));
    if (stability != 0) {
      return stability;
    }
    int major = Long.compare(Long.parseLong(mb.group(1)), Long.parseLong(ma.group(1)));
    if (major != 0) {
      return major;
    }
    return ma.group(3) == null ? 0 : Long.compare(Long.parseLong(mb.group(3)), Long.parseLong(ma.group(3)));
  }

  private static int rank(String stage) {
    return stage == null ? 2 : stage.equals("beta") ? 1 : 0;
  }
}
