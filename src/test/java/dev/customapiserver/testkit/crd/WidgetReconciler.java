package dev.customapiserver.testkit.crd;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;

/**
 * A small operator of Widgets: each gets a ConfigMap {@code <name>-parts} owned by it, and its
 * status says how many parts are ready (written through the status subresource).
 */
@ControllerConfiguration
public class WidgetReconciler implements Reconciler<Widget> {
  @Override
  public UpdateControl<Widget> reconcile(Widget widget, Context<Widget> context) {
    int parts = widget.getSpec() == null || widget.getSpec().parts == null ? 0 : widget.getSpec().parts;
    ConfigMap desired = new ConfigMapBuilder()
        .withNewMetadata().withName(widget.getMetadata().getName() + "-parts")
        .withNamespace(widget.getMetadata().getNamespace()).endMetadata()
        .addToData("parts", Integer.toString(parts))
        .build();
    desired.addOwnerReference(widget);
    context.getClient().configMaps().resource(desired).createOr(existing -> existing.update());
    Widget patch = new Widget();
    patch.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMetaBuilder().withName(widget.getMetadata().getName())
        .withNamespace(widget.getMetadata().getNamespace()).build());
    patch.setStatus(new Widget.Status());
    patch.getStatus().readyParts = parts;
    patch.getStatus().phase = "Ready";
    return UpdateControl.patchStatus(patch);
  }
}
