package dev.customapiserver.admission;

/** A plugin that may change the object being written, before validation. */
public interface MutatingPlugin extends AdmissionPlugin {

  /**
   * May mutate {@code a.object()}; must not mutate {@code a.oldObject()}.
   *
   * @throws dev.customapiserver.api.errors.ApiException to deny (usually {@link Attributes#forbidden})
   */
  void admit(Attributes a);
}
