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
 * @param specReplicas the desired replicas (null reads as 0); must not mutate
 * @param setSpecReplicas sets the desired replicas; mutates its first argument only
 * @param statusReplicas the observed replicas (null reads as 0); must not mutate
 * @param <H> the hub type
 */
public record ScaleSubresource<H extends KubeObject>(Function<H, Integer> specReplicas,
    BiConsumer<H, Integer> setSpecReplicas, Function<H, Integer> statusReplicas) {

  public ScaleSubresource {
    Objects.requireNonNull(specReplicas, "specReplicas");
    Objects.requireNonNull(setSpecReplicas, "setSpecReplicas");
    Objects.requireNonNull(statusReplicas, "statusReplicas");
  }
}
