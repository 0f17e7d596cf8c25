package dev.customapiserver.controllers.crd;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.apis.apiextensions.Conditions;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition.Condition;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.registry.ListOptions;
import dev.customapiserver.registry.RegistryContext;
import dev.customapiserver.registry.WriteOptions;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The cleanup of a deleted definition, as kube's CRD finalizer controller does it: while its
 * {@code customresourcecleanup} finalizer is there, the Terminating condition says
 * {@code InstanceDeletionInProgress} and the objects are deleted; once none is left, the condition turns
 * False ({@code InstanceDeletionCompleted}, or {@code NeverEstablished} for a definition never served)
 * and the finalizer goes. Another finalizer then keeps the definition, served again in full (its
 * Terminating condition is no longer True), until it is removed too.
 */
final class DefinitionCleanup {
  private static final Logger LOG = Logger.getLogger(DefinitionCleanup.class.getName());

  private final GenericStore<CustomResourceDefinition> crds;
  private final RegistryContext context;
  private final Clock clock;

  DefinitionCleanup(GenericStore<CustomResourceDefinition> crds, RegistryContext context, Clock clock) {
    this.crds = crds;
    this.context = context;
    this.clock = clock;
  }

  /** Whether {@code crd} is deleted and still carries the cleanup finalizer (its objects are ours to delete). */
  static boolean pending(CustomResourceDefinition crd) {
    return crd.metadata().deletionTimestamp != null && finalizers(crd).contains(CustomResourceDefinition.CLEANUP_FINALIZER);
  }

  /** Whether {@code crd} is deleted and no finalizer but the cleanup's holds it (it goes once the cleanup is done). */
  static boolean goesWithCleanup(CustomResourceDefinition crd) {
    return crd.metadata().deletionTimestamp != null
        && finalizers(crd).stream().allMatch(CustomResourceDefinition.CLEANUP_FINALIZER::equals);
  }

  /**
   * One step of the cleanup of a {@link #pending} definition: deletes the objects of {@code store} (null
   * when its resource is not served); the Terminating condition to finish with once none is left,
   * null while some remain (objects with finalizers of their own keep it waiting for a later pass).
   */
  Condition step(CustomResourceDefinition crd, GenericStore<Unstructured> store) {
    String now = clock.instant().truncatedTo(ChronoUnit.SECONDS).toString();
    if (!crd.isTrue("Established")) {
      return new Condition("Terminating", "False", now, "NeverEstablished", "resource was never established");
    }
    if (store == null) { // not served here: nothing of it to delete
      return new Condition("Terminating", "False", now, "InstanceDeletionCompleted", "removed all instances");
    }
    writeCondition(crd, new Condition("Terminating", "True", now, "InstanceDeletionInProgress",
        "CustomResource deletion is in progress"));
    try {
      store.deleteCollection(context, ListOptions.ALL, null);
      if (!store.list(context, ListOptions.ALL).items().isEmpty()) {
        return null;
      }
    } catch (ApiException e) {
      LOG.log(Level.INFO, "cleaning up " + crd.metadata().name + " failed, retrying: " + e.getMessage());
      return null;
    }
    return new Condition("Terminating", "False", now, "InstanceDeletionCompleted", "removed all instances");
  }

  /** Ends the cleanup: the final Terminating condition written, then the cleanup finalizer removed. */
  void finish(CustomResourceDefinition crd, Condition terminating) {
    writeCondition(crd, terminating);
    try {
      crds.update(context, crd.metadata().name, current -> {
        List<String> f = new ArrayList<>(finalizers(current));
        f.remove(CustomResourceDefinition.CLEANUP_FINALIZER);
        current.metadata().finalizers = f;
        return current;
      }, WriteOptions.DEFAULT);
    } catch (ApiException e) {
      if (e.code() != 404) {
        LOG.log(Level.INFO, "cleaning up " + crd.metadata().name + " failed, retrying: " + e.getMessage());
      }
    }
  }

  private void writeCondition(CustomResourceDefinition crd, Condition c) {
    Condition old = crd.condition(c.type);
    if (old != null && Objects.equals(old.status, c.status) && Objects.equals(old.reason, c.reason)
        && Objects.equals(old.message, c.message)) {
      return;
    }
    try {
      crds.update(context, crd.metadata().name, current -> {
        Conditions.set(current, new Condition(c.type, c.status, c.lastTransitionTime, c.reason, c.message));
        return current;
      }, WriteOptions.DEFAULT, GenericStore.STATUS);
    } catch (ApiException e) {
      if (e.code() != 404) {
        LOG.log(Level.INFO, "status of " + crd.metadata().name + " not written, retrying: " + e.getMessage());
      }
    }
  }

  private static List<String> finalizers(CustomResourceDefinition crd) {
    return crd.metadata().finalizers == null ? List.of() : crd.metadata().finalizers;
  }
}
