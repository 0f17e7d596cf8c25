package dev.customapiserver.registry;

import dev.customapiserver.admission.Admission;
import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Operation;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupVersionKind;
import dev.customapiserver.runtime.ResourceType;

/**
 * How {@link GenericStore} calls admission: builds the {@link Attributes} of a write (the request's
 * version and kind, resource, subresource, namespace, name, objects, user, dry run, warnings sink)
 * and runs one phase of the chain on them.
 */
final class AdmissionCalls<H extends KubeObject> {
  private final ResourceType<H> type;
  private final Admission admission;

  AdmissionCalls(ResourceType<H> type, Admission admission) {
    this.type = type;
    this.admission = admission;
  }

  /** Mutating phase of a CREATE or UPDATE; plugins may change {@code obj}. */
  void mutate(Operation op, RegistryContext ctx, String subresource, H obj, H old, boolean dryRun) {
    admission.mutate(attributes(op, ctx, subresource, obj, old, obj, dryRun));
  }

  /** Validating phase of a CREATE or UPDATE, after the kind's validation. */
  void validate(Operation op, RegistryContext ctx, String subresource, H obj, H old, boolean dryRun) {
    admission.validate(attributes(op, ctx, subresource, obj, old, obj, dryRun));
  }

  /** Both phases of a DELETE of {@code stored} (the object is {@code null}, the old object the stored one). */
  void delete(RegistryContext ctx, H stored, boolean dryRun) {
    Attributes a = attributes(Operation.DELETE, ctx, "", null, stored, stored, dryRun);
    admission.mutate(a);
    admission.validate(a);
  }

  /** Both phases of a CONNECT to {@code subresource} of {@code stored} (no object, no old object). */
  void connect(RegistryContext ctx, String subresource, H stored) {
    Attributes a = attributes(Operation.CONNECT, ctx, subresource, null, null, stored, false);
    admission.mutate(a);
    admission.validate(a);
  }

  private Attributes attributes(Operation op, RegistryContext ctx, String subresource, H obj, H old, H named,
      boolean dryRun) {
    String version = ctx.version() == null ? type.storageVersion() : ctx.version();
    String namespace = type.namespaced() ? named.metadata().namespace : null;
    return new Attributes(op, new GroupVersionKind(type.group(), version, type.kind()), type.groupResource(),
        subresource, namespace, named.metadata().name, obj, old, ctx.user(), dryRun, ctx.warnings());
  }
}
