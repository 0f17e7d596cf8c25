package dev.customapiserver.admission.chain;

import dev.customapiserver.admission.AdmissionPlugin;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which plugins are enabled, as kube-apiserver's flags say: every plugin that is
 * {@link AdmissionPlugin#enabledByDefault() on by default} plus those in {@code enable}, minus those
 * in {@code disable}. A plugin may be named by its {@link AdmissionPlugin#aliases() aliases} too. A
 * name no plugin has, or one in both lists, is a configuration error worded as kube-apiserver words it.
 *
 * @param enable names from {@code --enable-admission-plugins}
 * @param disable names from {@code --disable-admission-plugins}
 */
public record PluginSelection(List<String> enable, List<String> disable) {
  /** No flags: the plugins that are on by default. */
  public static final PluginSelection DEFAULT = new PluginSelection(List.of(), List.of());

  /** The plugin that runs first, as in kube-apiserver's recommended order. */
  static final String FIRST = "NamespaceLifecycle";
  /** The plugins that run last, in this order (the webhook plugins). */
  static final List<String> LAST = List.of("MutatingAdmissionWebhook", "ValidatingAdmissionWebhook");

  public PluginSelection {
    enable = List.copyOf(enable);
    disable = List.copyOf(disable);
  }

  /** Parses the flags' comma lists (blanks and empty entries ignored). */
  public static PluginSelection parse(String enable, String disable) {
    return new PluginSelection(split(enable), split(disable));
  }

  /**
   * The enabled plugins of {@code available}, ordered: NamespaceLifecycle, then the others in the
   * order given, then MutatingAdmissionWebhook and ValidatingAdmissionWebhook.
   *
   * @throws IllegalArgumentException naming every unknown or overlapping plugin
   */
  public List<AdmissionPlugin> select(List<AdmissionPlugin> available) {
    Set<String> known = new LinkedHashSet<>();
    Map<String, String> canonical = new HashMap<>();
    available.forEach(p -> {
      known.add(p.name());
      known.addAll(p.aliases());
      p.aliases().forEach(a -> canonical.put(a, p.name()));
    });
    List<String> errors = new ArrayList<>();
    enable.stream().filter(n -> !known.contains(n))
        .forEach(n -> errors.add("enable-admission-plugins plugin \"" + n + "\" is unknown"));
    disable.stream().filter(n -> !known.contains(n))
        .forEach(n -> errors.add("disable-admission-plugins plugin \"" + n + "\" is unknown"));
    List<String> enabled = enable.stream().map(n -> canonical.getOrDefault(n, n)).toList();
    List<String> disabled = disable.stream().map(n -> canonical.getOrDefault(n, n)).toList();
    Set<String> both = new TreeSet<>(enabled);
    both.retainAll(disabled);
    if (!both.isEmpty()) {
      errors.add("[" + String.join(" ", both) + "] in enable-admission-plugins and disable-admission-plugins overlapped");
    }
    if (!errors.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", errors));
    }
    return available.stream()
        .filter(p -> (p.enabledByDefault() || enabled.contains(p.name())) && !disabled.contains(p.name()))
        .sorted(Comparator.comparingInt(PluginSelection::rank))
        .toList();
  }

  private static int rank(AdmissionPlugin p) {
    if (p.name().equals(FIRST)) {
      return -1;
    }
    int last = LAST.indexOf(p.name());
    return last < 0 ? 0 : 1 + last;
  }

  private static List<String> split(String list) {
    if (list == null || list.isBlank()) {
      return List.of();
    }
    return Arrays.stream(list.split(",")).map(String::trim).filter(s -> !s.isEmpty()).distinct().toList();
  }
}
