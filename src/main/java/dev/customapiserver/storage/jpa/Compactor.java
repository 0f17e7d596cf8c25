package dev.customapiserver.storage.jpa;

import java.sql.PreparedStatement;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Compacts the change log as etcd compacts its history: keeps the newest {@code retainedRevisions}
 * revisions whole and, below the compaction revision C, only each key's newest row when it is not a
 * DELETED, so the state at every revision R &gt;= C can still be read; records C in
 * {@code storage_revision.compacted_revision}. Watches and continue tokens below C get EXPIRED. The
 * counter row is updated first, so compaction queues with writers (also in other processes) and
 * readers see the new horizon and the deletions in one commit.
 */
final class Compactor {
  private static final Logger LOG = Logger.getLogger(Compactor.class.getName());

  private final Database db;
  private final Revisions revisions;
  private final long retainedRevisions;

  Compactor(Database db, Revisions revisions, long retainedRevisions) {
    this.db = db;
    this.revisions = revisions;
    this.retainedRevisions = retainedRevisions;
  }

  /** Compacts up to {@code current - retainedRevisions}, never past {@code limit}; returns the compacted revision. */
  long compact(long limit) {
    try {
      return db.write(null, tx -> {
        Revisions.Snapshot now = revisions.snapshot(tx);
        long target = Math.min(now.revision() - retainedRevisions, limit);
        if (target <= now.compacted()) {
          return now.compacted();
        }
        PreparedStatement horizon = tx.statement(
            "UPDATE storage_revision SET compacted_revision = ? WHERE id = 1 AND compacted_revision < ?");
        horizon.setLong(1, target);
        horizon.setLong(2, target);
        horizon.executeUpdate();
        PreparedStatement delete = tx.statement("DELETE FROM change_log WHERE resource_version < ? AND (event_type = 'DELETED' "
                + "OR EXISTS (SELECT 1 FROM change_log d WHERE d.api_group = change_log.api_group "
                + "AND d.resource = change_log.resource AND d.namespace = change_log.namespace "
                + "AND d.name = change_log.name AND d.resource_version > change_log.resource_version "
                + "AND d.resource_version <= ?))");
        delete.setLong(1, target + 1);
        delete.setLong(2, target);
        delete.executeUpdate();
        return target;
      });
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "change-log compaction failed", e);
      return -1;
    }
  }
}
