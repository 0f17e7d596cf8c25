package dev.customapiserver.apis.admissionregistration;

/** The {@code admissionregistration.k8s.io} group: its name and the resources other rooms name. */
public final class AdmissionregistrationGroup {
  public static final String NAME = "admissionregistration.k8s.io";
  public static final String VALIDATING = "validatingwebhookconfigurations";
  public static final String MUTATING = "mutatingwebhookconfigurations";

  private AdmissionregistrationGroup() {}
}
