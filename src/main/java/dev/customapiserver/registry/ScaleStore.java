package dev.customapiserver.registry;

import dev.customapiserver.api.autoscaling.Scale;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.ScaleSubresource;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * The {@code scale} subresource of one kind, as kube-apiserver serves it for CustomResources: the
 * object seen as {@code autoscaling/v1} Scale; a write sets the replicas on the stored object and
 * goes through the kind's update rules, so out-of-range replicas are the kind's 422 on its own field.
 *
 * @param <H> the hub type
 */
public final class ScaleStore<H extends KubeObject> {
  /** The desired replicas of a custom resource that has none, as the Scale a write starts from shows them (kube's). */
  private static final int UNSET = Integer.MIN_VALUE;
  private final GenericStore<H> store;
  private final ScaleSubresource<H> scale;

  ScaleStore(GenericStore<H> store, ScaleSubresource<H> scale) {
    this.store = store;
    this.scale = scale;
  }

  /** Whether this is a custom resource's scale (kube's rules for those, see {@link ScaleSubresource}). */
  public boolean customResource() {
    return scale.specReplicasPath() != null;
  }

  /** The object as a Scale; for a custom resource without desired replicas kube's 500. */
  public Scale get(RegistryContext ctx, String name) {
    H obj = store.get(ctx, name);
    if (scale.specReplicasPath() != null && scale.specReplicas().apply(obj) == null) {
      throw Errors.internal("the spec replicas field \"" + scale.specReplicasPath() + "\" does not exist", null);
    }
    return toScale(obj);
  }

  /**
   * Replaces the replicas by what {@code updated} makes of the current Scale. A resourceVersion on
   * the result is a precondition (409 when stale); without one the write is unconditional. Negative
   * replicas are a 422 on the Scale for a compiled-in kind; a custom resource's strategy checks its
   * own path instead, and a write that leaves its unset replicas unset is a 400.
   */
  public Scale update(RegistryContext ctx, String name, UnaryOperator<Scale> updated, WriteOptions opts) {
    H result = store.update(ctx, name, current -> {
      Scale s = updated.apply(toScale(current));
      if (s.metadata().name != null && !s.metadata().name.isEmpty() && !name.equals(s.metadata().name)) {
        throw Errors.badRequest("the name of the object (" + s.metadata().name + ") does not match the name on the URL ("
            + name + ")");
      }
      int replicas = s.spec == null || s.spec.replicas == null ? 0 : s.spec.replicas;
      if (scale.specReplicasPath() != null) {
        if (replicas == UNSET) {
          throw Errors.badRequest("the spec replicas field \"" + scale.specReplicasPath() + "\" cannot be empty");
        }
      } else if (replicas < 0) {
        throw Errors.invalid(new Errors.Kind("autoscaling", Scale.KIND), name, List.of(
            FieldError.invalid("spec.replicas", new FieldError.Raw(Integer.toString(replicas)),
                "must be greater than or equal to 0")));
      }
      scale.setSpecReplicas().accept(current, replicas);
      String rv = s.metadata().resourceVersion;
      if (rv != null && !rv.isEmpty()) {
        current.metadata().resourceVersion = rv;
      }
      return current;
    }, opts, "scale");
    Scale out = toScale(result);
    if (out.spec.replicas == UNSET) {
      out.spec.replicas = 0;
    }
    return out;
  }

  private Scale toScale(H obj) {
    ObjectMeta m = obj.metadata();
    ObjectMeta meta = new ObjectMeta();
    meta.name = m.name;
    meta.namespace = m.namespace;
    meta.uid = m.uid;
    meta.resourceVersion = m.resourceVersion;
    meta.creationTimestamp = m.creationTimestamp;
    Integer spec = scale.specReplicas().apply(obj);
    Scale s = Scale.of(meta, spec != null ? spec : scale.specReplicasPath() != null ? UNSET : 0,
        Objects.requireNonNullElse(scale.statusReplicas().apply(obj), 0));
    String selector = scale.selector().apply(obj);
    s.status.selector = selector == null || selector.isEmpty() ? null : selector;
    return s;
  }
}
