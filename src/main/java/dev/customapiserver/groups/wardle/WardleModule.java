package dev.customapiserver.groups.wardle;

import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.admission.PluginConfigurations;
import dev.customapiserver.apis.wardle.Fischer;
import dev.customapiserver.apis.wardle.FischerV1alpha1;
import dev.customapiserver.apis.wardle.FischerV1alpha1Converter;
import dev.customapiserver.apis.wardle.Flunder;
import dev.customapiserver.apis.wardle.FlunderDefaults;
import dev.customapiserver.apis.wardle.FlunderV1alpha1;
import dev.customapiserver.apis.wardle.FlunderV1alpha1Converter;
import dev.customapiserver.apis.wardle.FlunderV1beta1;
import dev.customapiserver.apis.wardle.FlunderV1beta1Converter;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.PrinterColumn;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import java.util.List;

/**
 * The {@code wardle.example.com} group: Flunder (v1beta1 preferred, v1alpha1) and Fischer (v1alpha1).
 * Flunders are stored as v1alpha1 unless the system property {@value #FLUNDER_STORAGE_PROPERTY}
 * names another served version; objects stored in either version stay readable after a change.
 */
public final class WardleModule implements ApiGroupModule {
  public static final String GROUP = "wardle.example.com";
  public static final String FLUNDER_STORAGE_PROPERTY = "customapiserver.wardle.flunderStorageVersion";

  private final String flunderStorageVersion;

  /** For ServiceLoader: the storage version from {@value #FLUNDER_STORAGE_PROPERTY}, default v1alpha1. */
  public WardleModule() {
    this(System.getProperty(FLUNDER_STORAGE_PROPERTY, "v1alpha1"));
  }

  public WardleModule(String flunderStorageVersion) {
    this.flunderStorageVersion = flunderStorageVersion;
  }

  /** BanFlunder, with the names its admission configuration bans besides the Fischers' ({@code disallowedFlunders}). */
  @Override
  public List<AdmissionPlugin> admissionPlugins(Listers listers, PluginConfigurations configurations) {
    List<String> banned = configurations.of(BanFlunder.Configuration.class, BanFlunder.NAME, List.of())
        .map(BanFlunder.Configuration::names).orElse(List.of());
    return List.of(new BanFlunder(listers.forResource(BanFlunder.FISCHERS, Fischer.class), banned));
  }

  @Override
  public ApiGroup apiGroup() {
    return new ApiGroup(GROUP, List.of("v1beta1", "v1alpha1"), List.of(flunders(), fischers()));
  }

  ResourceType<Flunder> flunders() {
    return ResourceType.builder(GROUP, "Flunder", "flunders", Flunder.class)
        .categories("all")
        .statusSubresource()
        .served(ServedVersion.of("v1beta1", FlunderV1beta1.class, new FlunderV1beta1Converter()).withSchemaProtobuf()
            .withColumns(
                PrinterColumn.of("TYPE", "string", "Flunder or Fischer.",
                    f -> f.spec == null ? null : f.spec.referenceType),
                PrinterColumn.of("REFERENCE", "string", "The Flunder or Fischer referred to.",
                    f -> f.spec == null ? null
                        : Flunder.FISCHER.equals(f.spec.referenceType) ? f.spec.fischerReference : f.spec.flunderReference)))
        .served(ServedVersion.of("v1alpha1", FlunderV1alpha1.class, new FlunderV1alpha1Converter()).withSchemaProtobuf()
            .withDefaulter(FlunderDefaults::v1alpha1)
            .withColumns(
                PrinterColumn.of("TYPE", "string", "Flunder or Fischer.",
                    f -> f.spec == null ? null : f.spec.referenceType),
                PrinterColumn.of("REFERENCE", "string", "The Flunder or Fischer referred to.",
                    f -> f.spec == null ? null : f.spec.reference)))
        .storageVersion(flunderStorageVersion)
        .strategy(new FlunderStrategy())
        .selectableField("spec.referenceType", f -> f.spec.referenceType)
        .build();
  }

  static ResourceType<Fischer> fischers() {
    return ResourceType.builder(GROUP, "Fischer", "fischers", Fischer.class)
        .clusterScoped()
        .served(ServedVersion.of("v1alpha1", FischerV1alpha1.class, new FischerV1alpha1Converter()).withSchemaProtobuf()
            .withColumns(PrinterColumn.of("DISALLOWED", "integer", "How many Flunder names are disallowed.",
                f -> f.disallowedFlunders == null ? 0 : f.disallowedFlunders.size())))
        .storageVersion("v1alpha1")
        .strategy(new FischerStrategy())
        .build();
  }
}
