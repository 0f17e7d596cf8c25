package dev.customapiserver.groups.admissionregistration;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.admissionregistration.AdmissionregistrationGroup;
import dev.customapiserver.apis.admissionregistration.MutatingWebhookConfiguration;
import dev.customapiserver.apis.admissionregistration.MutatingWebhookConfigurationV1;
import dev.customapiserver.apis.admissionregistration.MutatingWebhookConfigurationV1Converter;
import dev.customapiserver.apis.admissionregistration.ValidatingWebhookConfiguration;
import dev.customapiserver.apis.admissionregistration.ValidatingWebhookConfigurationV1;
import dev.customapiserver.apis.admissionregistration.ValidatingWebhookConfigurationV1Converter;
import dev.customapiserver.apis.admissionregistration.WebhookDefaults;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.PrinterColumn;
import dev.customapiserver.runtime.ResourceStrategy;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import java.util.List;

/**
 * The {@code admissionregistration.k8s.io} group: MutatingWebhookConfiguration and
 * ValidatingWebhookConfiguration, cluster-scoped, in v1. The webhook admission plugins read them.
 */
public final class AdmissionregistrationModule implements ApiGroupModule {
  public static final String GROUP = AdmissionregistrationGroup.NAME;
  public static final String VALIDATING = AdmissionregistrationGroup.VALIDATING;
  public static final String MUTATING = AdmissionregistrationGroup.MUTATING;

  @Override
  public ApiGroup apiGroup() {
    return new ApiGroup(GROUP, List.of("v1"), List.of(mutating(), validating()));
  }

  static ResourceType<ValidatingWebhookConfiguration> validating() {
    return ResourceType.builder(GROUP, "ValidatingWebhookConfiguration", VALIDATING, ValidatingWebhookConfiguration.class)
        .clusterScoped()
        .categories("api-extensions")
        .served(ServedVersion.of("v1", ValidatingWebhookConfigurationV1.class, new ValidatingWebhookConfigurationV1Converter())
            .withDefaulter(WebhookDefaults::validating)
            .withColumns(PrinterColumn.of("Webhooks", "integer", "The number of webhooks.",
                c -> c.webhooks == null ? 0 : c.webhooks.size())))
        .storageVersion("v1")
        .strategy(new ResourceStrategy<>() {
          @Override
          public List<FieldError> validate(ValidatingWebhookConfiguration c) {
            return WebhookValidation.configuration(c.webhooks);
          }
        })
        .build();
  }

  static ResourceType<MutatingWebhookConfiguration> mutating() {
    return ResourceType.builder(GROUP, "MutatingWebhookConfiguration", MUTATING, MutatingWebhookConfiguration.class)
        .clusterScoped()
        .categories("api-extensions")
        .served(ServedVersion.of("v1", MutatingWebhookConfigurationV1.class, new MutatingWebhookConfigurationV1Converter())
            .withDefaulter(WebhookDefaults::mutating)
            .withColumns(PrinterColumn.of("Webhooks", "integer", "The number of webhooks.",
                c -> c.webhooks == null ? 0 : c.webhooks.size())))
        .storageVersion("v1")
        .strategy(new ResourceStrategy<>() {
          @Override
          public List<FieldError> validate(MutatingWebhookConfiguration c) {
            return WebhookValidation.configuration(c.webhooks);
          }
        })
        .build();
  }
}
