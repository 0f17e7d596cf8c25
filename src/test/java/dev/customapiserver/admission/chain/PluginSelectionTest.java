package dev.customapiserver.admission.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.Operation;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Plugin selection by --enable-admission-plugins / --disable-admission-plugins")
class PluginSelectionTest {
  static AdmissionPlugin plugin(String name, boolean onByDefault) {
    return new AdmissionPlugin() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Set<Operation> operations() {
        return Set.of(Operation.CREATE);
      }

      @Override
      public boolean enabledByDefault() {
        return onByDefault;
      }
    };
  }

  static final List<AdmissionPlugin> AVAILABLE = List.of(plugin("ValidatingAdmissionWebhook", true), plugin("A", true),
      plugin("MutatingAdmissionWebhook", true), plugin("NamespaceLifecycle", true), plugin("Off", false), plugin("B", true));

  static List<String> names(PluginSelection s) {
    return s.select(AVAILABLE).stream().map(AdmissionPlugin::name).toList();
  }

  @Test
  @DisplayName("NamespaceLifecycle runs first, the others in module order, then MutatingAdmissionWebhook and ValidatingAdmissionWebhook")
  void order() {
    assertThat(names(PluginSelection.DEFAULT)).containsExactly("NamespaceLifecycle", "A", "B", "MutatingAdmissionWebhook",
        "ValidatingAdmissionWebhook");
  }

  @Test
  @DisplayName("the flags' comma lists enable plugins that are off by default and disable others")
  void flags() {
    assertThat(names(PluginSelection.parse(" Off ,", "A,ValidatingAdmissionWebhook"))).containsExactly("NamespaceLifecycle", "Off", "B",
        "MutatingAdmissionWebhook");
  }

  @Test
  @DisplayName("unknown names and names in both lists are errors worded as kube-apiserver words them")
  void errors() {
    assertThatThrownBy(() -> names(PluginSelection.parse("Nope", "")))
        .hasMessage("enable-admission-plugins plugin \"Nope\" is unknown");
    assertThatThrownBy(() -> names(PluginSelection.parse("", "Gone")))
        .hasMessage("disable-admission-plugins plugin \"Gone\" is unknown");
    assertThatThrownBy(() -> names(PluginSelection.parse("B,A", "A,B")))
        .hasMessage("[A B] in enable-admission-plugins and disable-admission-plugins overlapped");
  }

  @Test
  @DisplayName("a plugin's alias is accepted by both flags and means the plugin (JenkinsServiceQuota for JenkinsService)")
  void aliases() {
    AdmissionPlugin renamed = new AdmissionPlugin() {
      @Override
      public String name() {
        return "JenkinsService";
      }

      @Override
      public List<String> aliases() {
        return List.of("JenkinsServiceQuota");
      }

      @Override
      public Set<Operation> operations() {
        return Set.of(Operation.CREATE);
      }
    };
    List<AdmissionPlugin> available = List.of(plugin("NamespaceLifecycle", true), renamed);
    assertThat(PluginSelection.parse("", "JenkinsServiceQuota").select(available)).extracting(AdmissionPlugin::name)
        .containsExactly("NamespaceLifecycle");
    assertThat(PluginSelection.parse("", "JenkinsService").select(available)).extracting(AdmissionPlugin::name)
        .containsExactly("NamespaceLifecycle");
    assertThatThrownBy(() -> PluginSelection.parse("JenkinsService", "JenkinsServiceQuota").select(available))
        .hasMessage("[JenkinsService] in enable-admission-plugins and disable-admission-plugins overlapped");
  }
}
