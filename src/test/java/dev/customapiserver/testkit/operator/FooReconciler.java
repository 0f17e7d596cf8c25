package dev.customapiserver.testkit.operator;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;

/** A small operator: every Foo gets a ConfigMap {@code <name>-config} holding its message, owned by the Foo. */
@ControllerConfiguration
public class FooReconciler implements Reconciler<Foo> {
  @Override
  public UpdateControl<Foo> reconcile(Foo foo, Context<Foo> context) {
    ConfigMap desired = new ConfigMapBuilder()
        .withNewMetadata().withName(foo.getMetadata().getName() + "-config")
        .withNamespace(foo.getMetadata().getNamespace()).endMetadata()
        .addToData("msg", foo.getSpec().config == null ? "" : foo.getSpec().config.getOrDefault("msg", ""))
        .build();
    desired.addOwnerReference(foo);
    context.getClient().configMaps().resource(desired).createOr(existing -> existing.update());
    return UpdateControl.noUpdate();
  }
}
