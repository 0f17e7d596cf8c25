package dev.customapiserver.storage.jpa;

import jakarta.persistence.EntityManager;

/**
 * The global revision counter. {@link #next} increments the single counter row inside the caller's
 * write transaction: the row lock it takes is held until commit or rollback, so writers (also in
 * other server processes) queue on it and commit in the order of the revisions they drew. A rolled
 * back write gives its revision back.
 *
 * <p>A transaction that draws several revisions (a group commit) goes to the database for the
 * first only, which takes the row lock; the others are counted here, and {@link #settle} stores
 * the count before the commit. Only one write transaction runs at a time in this process (the
 * write lock of {@link Database}, which makes every call here), so one set of fields is enough.
 */
final class Revisions {
  private final Vendor vendor;
  /** The write transaction that drew last, the newest revision it drew, and the counter row's value in it. */
  private EntityManager drawing;
  private long drawn;
  private long stored;

  Revisions(Vendor vendor) {
    this.vendor = vendor;
  }

  /**
   * Draws the next revision; call first in a write transaction, before touching object rows. One
   * statement increments and returns the value: a separate read after the increment returned stale
   * values on H2 under load (duplicate revisions), see {@link Vendor#drawRevision}.
   */
  long next(EntityManager em) {
    if (em == drawing) {
      return ++drawn; // the row lock is ours since the first draw of this transaction
    }
    long rv;
    String readBack = vendor.drawnRevision();
    if (readBack == null) {
      rv = ((Number) em.createNativeQuery(vendor.drawRevision()).getSingleResult()).longValue();
    } else {
      em.createNativeQuery(vendor.drawRevision()).executeUpdate();
      rv = ((Number) em.createNativeQuery(readBack).getSingleResult()).longValue();
    }
    drawing = em;
    drawn = rv;
    stored = rv;
    return rv;
  }

  /**
   * Stores in the counter row what this transaction drew beyond its first draw (and gave back);
   * call right before its commit.
   */
  void settle(EntityManager em) {
    if (em != drawing) {
      return;
    }
    drawing = null;
    if (drawn != stored) {
      em.createNativeQuery("UPDATE storage_revision SET revision = ? WHERE id = 1").setParameter(1, drawn)
          .executeUpdate();
    }
  }

  /**
   * Gives back the revision this transaction drew last (it still holds the counter row lock, so no
   * one drew after it): for a write that found it has nothing to do but shares its transaction.
   */
  void giveBack(EntityManager em) {
    if (em == drawing) {
      drawn--; // settle stores it
      return;
    }
    em.createNativeQuery("UPDATE storage_revision SET revision = revision - 1 WHERE id = 1").executeUpdate();
  }

  /** The newest committed revision (or the one this transaction drew). */
  long current(EntityManager em) {
    return em.createQuery("SELECT r.revision FROM RevisionRow r WHERE r.id = :id", Long.class)
        .setParameter("id", RevisionRow.ID)
        .getSingleResult();
  }

  /** The current revision and the compaction horizon, read together. */
  Snapshot snapshot(EntityManager em) {
    Object[] row = em.createQuery(
            "SELECT r.revision, r.compactedRevision FROM RevisionRow r WHERE r.id = :id", Object[].class)
        .setParameter("id", RevisionRow.ID)
        .getSingleResult();
    return new Snapshot(((Number) row[0]).longValue(), ((Number) row[1]).longValue());
  }

  /** The counter's state: newest revision, and the revision up to which history may be gone. */
  record Snapshot(long revision, long compacted) {}
}
