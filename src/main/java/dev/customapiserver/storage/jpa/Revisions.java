package dev.customapiserver.storage.jpa;

import jakarta.persistence.EntityManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

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
  private WriteTx drawing;
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
  long next(WriteTx tx) throws SQLException {
    if (tx == drawing) {
      return ++drawn; // the row lock is ours since the first draw of this transaction
    }
    long rv;
    String readBack = vendor.drawnRevision();
    if (readBack == null) {
      rv = tx.queryLong(vendor.drawRevision());
    } else {
      tx.statement(vendor.drawRevision()).executeUpdate();
      rv = tx.queryLong(readBack);
    }
    drawing = tx;
    drawn = rv;
    stored = rv;
    return rv;
  }

  /**
   * Stores in the counter row what this transaction drew beyond its first draw (and gave back);
   * call right before its commit.
   */
  void settle(WriteTx tx) throws SQLException {
    if (tx != drawing) {
      return;
    }
    drawing = null;
    if (drawn != stored) {
      PreparedStatement ps = tx.statement("UPDATE storage_revision SET revision = ? WHERE id = 1");
      ps.setLong(1, drawn);
      ps.executeUpdate();
    }
  }

  /**
   * Gives back the revision this transaction drew last (it still holds the counter row lock, so no
   * one drew after it): for a write that found it has nothing to do but shares its transaction.
   */
  void giveBack(WriteTx tx) throws SQLException {
    if (tx == drawing) {
      drawn--; // settle stores it
      return;
    }
    tx.statement("UPDATE storage_revision SET revision = revision - 1 WHERE id = 1").executeUpdate();
  }

  /** The current revision and the compaction horizon, read in a write transaction. */
  Snapshot snapshot(WriteTx tx) throws SQLException {
    try (ResultSet rs = tx.statement("SELECT revision, compacted_revision FROM storage_revision WHERE id = 1")
        .executeQuery()) {
      if (!rs.next()) {
        throw new SQLException("no storage_revision row");
      }
      return new Snapshot(rs.getLong(1), rs.getLong(2));
    }
  }

  /** The newest committed revision. */
  long current(EntityManager em) {
    return snapshot(em).revision();
  }

  /**
   * The current revision and the compaction horizon, read together. In SQL as the other reads: the
   * one JPQL query the storage had loaded EclipseLink's JPQL parser (546 classes) at start-up.
   */
  Snapshot snapshot(EntityManager em) {
    Object[] row = (Object[]) em.createNativeQuery(
            "SELECT revision, compacted_revision FROM storage_revision WHERE id = " + RevisionRow.ID)
        .getSingleResult();
    return new Snapshot(((Number) row[0]).longValue(), ((Number) row[1]).longValue());
  }

  /** The counter's state: newest revision, and the revision up to which history may be gone. */
  record Snapshot(long revision, long compacted) {}
}
