package dev.customapiserver.registry;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.meta.DeleteOptions;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.api.validation.NameRules;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * kube-apiserver's deletion rules for kinds without graceful termination (all of ours): options
 * validation, preconditions, the garbage collector's {@code orphan} and {@code foregroundDeletion}
 * finalizers as the propagation policy asks, and marking an object as deleting.
 */
final class DeletionRules {
  static final String ORPHAN = "orphan";
  static final String FOREGROUND = "foregroundDeletion";
  private static final List<String> POLICIES = List.of("Foreground", "Background", "Orphan");

  private DeletionRules() {}

  /** 422 on DeleteOptions.meta.k8s.io, as ValidateDeleteOptions. */
  static void validate(DeleteOptions o) {
    List<FieldError> errs = new ArrayList<>();
    if (o.orphanDependents != null && o.propagationPolicy != null) {
      errs.add(FieldError.invalid("propagationPolicy", o.propagationPolicy, "orphanDependents and deletionPropagation cannot be both set"));
    }
    if (o.propagationPolicy != null && !POLICIES.contains(o.propagationPolicy)) {
      List<String> supported = new ArrayList<>(POLICIES);
      supported.add("nil");
      errs.add(FieldError.notSupported("propagationPolicy", o.propagationPolicy, supported));
    }
    if (!errs.isEmpty()) {
      throw Errors.invalid(new Errors.Kind("meta.k8s.io", "DeleteOptions"), "", errs);
    }
  }

  /** 409 naming the kind, worded as rest.BeforeDelete, when a precondition does not hold. */
  static void checkPreconditions(DeleteOptions o, ObjectMeta m, String group, String kind) {
    DeleteOptions.Preconditions p = o.preconditions;
    if (p == null) {
      return;
    }
    Errors.Resource r = new Errors.Resource(group, kind);
    if (p.uid() != null && !p.uid().equals(m.uid)) {
      throw Errors.conflict(r, m.name, "the UID in the precondition (" + p.uid() + ") does not match the UID in record ("
          + m.uid + "). The object might have been deleted and then recreated");
    }
    if (p.resourceVersion() != null && !p.resourceVersion().equals(m.resourceVersion)) {
      throw Errors.conflict(r, m.name, "the ResourceVersion in the precondition (" + p.resourceVersion()
          + ") does not match the ResourceVersion in record (" + m.resourceVersion + "). The object might have been modified");
    }
  }

  /**
   * Sets or removes the garbage collector's finalizers as the options ask (explicit options win over
   * finalizers already there; the default is Background). Returns whether the finalizers changed.
   */
  static boolean applyPropagation(ObjectMeta m, DeleteOptions o) {
    List<String> old = m.finalizers == null ? List.of() : m.finalizers;
    boolean orphan = decide(o, old, ORPHAN, FOREGROUND, "Orphan", true);
    boolean foreground = o.orphanDependents == null && decide(o, old, FOREGROUND, ORPHAN, "Foreground", false);
    List<String> next = new ArrayList<>();
    for (String f : old) {
      if (!f.equals(ORPHAN) && !f.equals(FOREGROUND)) {
        next.add(f);
      }
    }
    if (orphan) {
      next.add(ORPHAN);
    }
    if (foreground) {
      next.add(FOREGROUND);
    }
    if (new LinkedHashSet<>(next).equals(new LinkedHashSet<>(old))) {
      return false;
    }
    m.finalizers = next;
    return true;
  }

  private static boolean decide(DeleteOptions o, List<String> existing, String mine, String other, String policy,
      boolean orphanField) {
    if (o.orphanDependents != null) {
      return orphanField && o.orphanDependents;
    }
    if (o.propagationPolicy != null) {
      return o.propagationPolicy.equals(policy);
    }
    for (String f : existing) {
      if (f.equals(mine)) {
        return true;
      }
      if (f.equals(other)) {
        return false;
      }
    }
    return false;
  }

  /**
   * Marks the object as deleting: deletionTimestamp now unless it is set already (a later DELETE
   * keeps the first one), deletionGracePeriodSeconds 0, generation bumped on the first mark.
   */
  static void markAsDeleting(ObjectMeta m, Instant now) {
    if (m.deletionTimestamp == null) {
      if (m.generation != null && m.generation > 0) {
        m.generation = m.generation + 1;
      }
      m.deletionTimestamp = now.truncatedTo(ChronoUnit.SECONDS);
    }
    m.deletionGracePeriodSeconds = 0L;
  }

  /** Whether an update took away the last finalizer of an object being deleted: it is then deleted. */
  static boolean emptiedFinalizers(ObjectMeta updated, List<String> oldFinalizers, boolean wasDeleting) {
    return wasDeleting && (updated.finalizers == null || updated.finalizers.isEmpty())
        && oldFinalizers != null && !oldFinalizers.isEmpty();
  }

  /** Finalizer rules of ValidateObjectMeta: qualified names, not both orphan and foregroundDeletion. */
  static List<FieldError> validateFinalizers(List<String> finalizers) {
    List<FieldError> errs = new ArrayList<>();
    if (finalizers == null) {
      return errs;
    }
    for (String f : finalizers) {
      NameRules.qualifiedName(Objects.toString(f, ""))
          .forEach(e -> errs.add(FieldError.invalid("metadata.finalizers", f, e)));
    }
    if (finalizers.contains(ORPHAN) && finalizers.contains(FOREGROUND)) {
      errs.add(FieldError.invalid("metadata.finalizers", goSlice(finalizers),
          "finalizer " + ORPHAN + " and " + FOREGROUND + " cannot be both set"));
    }
    return errs;
  }

  /** ValidateNoNewFinalizers: once deleting, finalizers may only go away. */
  static List<FieldError> validateNoNewFinalizers(List<String> updated, List<String> old) {
    Set<String> extra = new TreeSet<>(updated == null ? List.of() : updated);
    extra.removeAll(old == null ? List.of() : old);
    if (extra.isEmpty()) {
      return List.of();
    }
    return List.of(FieldError.forbidden("metadata.finalizers",
        "no new finalizers can be added if the object is being deleted, found new finalizers " + goSlice(extra).text()));
  }

  private static FieldError.Raw goSlice(Collection<String> items) {
    StringBuilder s = new StringBuilder("[]string{");
    int i = 0;
    for (String f : items) {
      s.append(i++ == 0 ? "" : ", ").append('"').append(f).append('"');
    }
    return new FieldError.Raw(s.append('}').toString());
  }
}
