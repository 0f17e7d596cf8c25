package dev.customapiserver.runtime;

import dev.customapiserver.api.meta.KubeObject;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * How a kind maps onto {@code autoscaling/v1} Scale (its {@code scale} subresource), as a
 * CustomResourceDefinition's {@code specReplicasPath} and {@code statusReplicasPath} do. A Scale
 * write sets the replicas through {@code setSpecReplicas} on the stored object, then goes through the
 * kind's update rules (defaults, validation), so the kind's own bounds still apply.
 *
 * <p>With a {@code specReplicasPath} the subresource behaves as kube's for custom resources: an
 * object without desired replicas is a 500 on GET and a 400 on a write that does not set them,
 * and the replicas' bounds are the kind's own validation (not the Scale's).
 *
 * @param specReplicas the desired replicas (null: not set); must not mutate
 * @param setSpecReplicas sets the desired replicas; mutates its first argument only
 * @param statusReplicas the observed replicas (null reads as 0); must not mutate
 * @param selector the label selector of {@code status.selector} (null or empty: none); must not mutate
 * @param specReplicasPath the JSON path of the desired replicas ({@code .spec.replicas}), or null
 *     for a kind compiled in (null desired replicas read as 0, negative ones are the Scale's 422)
 * @param <H> the hub type
 */
public record ScaleSubresource<H extends KubeObject>(Function<H, Integer> specReplicas,
    BiConsumer<H, Integer> setSpecReplicas, Function<H, Integer> statusReplicas, Function<H, String> selector,
    String specReplicasPath) {

  public ScaleSubresource {
    Objects.requireNonNull(specReplicas, "specReplicas");
    Objects.requireNonNull(setSpecReplicas, "setSpecReplicas");
    Objects.requireNonNull(statusReplicas, "statusReplicas");
    Objects.requireNonNull(selector, "selector");
  }

  /** A compiled-in kind's scale: no selector, no path. */
  public ScaleSubresource(Function<H, Integer> specReplicas, BiConsumer<H, Integer> setSpecReplicas,
      Function<H, Integer> statusReplicas) {
    this(specReplicas, setSpecReplicas, statusReplicas, h -> null, null);
  }
}
