package dev.customapiserver.storage.jpa;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * The single row of {@code storage_revision}: the newest resourceVersion handed out and the
 * compaction horizon of the change log. Only read and incremented with JPQL (see {@link Revisions}).
 */
@Entity
@Table(name = "storage_revision")
class RevisionRow {
  static final int ID = 1;

  @Id
  @Column(name = "id")
  int id;
  @Column(name = "revision")
  long revision;
  @Column(name = "compacted_revision")
  long compactedRevision;

  protected RevisionRow() {}
}
