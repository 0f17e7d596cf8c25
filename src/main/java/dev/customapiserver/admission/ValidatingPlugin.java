package dev.customapiserver.admission;

/** A plugin that accepts or denies a request after validation, without changing anything. */
public interface ValidatingPlugin extends AdmissionPlugin {

  /**
   * Must not mutate anything.
   *
   * @throws dev.customapiserver.api.errors.ApiException to deny (usually {@link Attributes#forbidden})
   */
  void validate(Attributes a);
}
