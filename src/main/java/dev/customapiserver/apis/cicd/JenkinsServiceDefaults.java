package dev.customapiserver.apis.cicd;

/** Defaulting of JenkinsService request bodies. */
public final class JenkinsServiceDefaults {
  private JenkinsServiceDefaults() {}

  /** v1alpha: {@code spec.instancecpu} defaults to 1. */
  public static void v1alpha(JenkinsServiceV1alpha js) {
    if (js.spec == null) {
      js.spec = new JenkinsServiceV1alpha.Spec();
    }
    if (js.spec.instancecpu == null) {
      js.spec.instancecpu = 1;
    }
  }
}
