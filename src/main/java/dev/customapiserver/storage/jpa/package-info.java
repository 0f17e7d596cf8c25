/**
 * The JDBC/JPA (EclipseLink) implementation of the storage contract, for H2 (default, embedded),
 * PostgreSQL and MariaDB. {@link dev.customapiserver.storage.jpa.JpaStorageBackend} is the entry
 * point; everything else is package-private. Reads go through the persistence unit; write
 * transactions are plain JDBC prepared statements on one kept connection
 * ({@link dev.customapiserver.storage.jpa.WriteConnection}, {@link dev.customapiserver.storage.jpa.WriteTx}),
 * the change-log rows of a group commit sent as one batch.
 *
 * <p>Schema (Flyway, {@code db/migration/<vendor>}): {@code stored_objects} holds the current
 * storage-version JSON of every object keyed by (api group, resource, namespace, name);
 * {@code change_log} gets one row per write keyed by its resourceVersion (event type, object after
 * the write, previous RV) for watch; {@code storage_revision} is the single-row revision counter
 * with the compaction horizon.
 *
 * <p>Ordering: a write increments the counter row first thing in its transaction and holds that
 * row lock until commit, so writers, also in other processes, commit in resourceVersion order and
 * the committed revisions are always gap-free. Updates and deletes compare-and-swap on the object
 * row's resourceVersion and retry. H2 URLs get {@code WRITE_DELAY=0} so a returned commit
 * survives a killed process.
 *
 * <p>Watch ({@link dev.customapiserver.storage.jpa.ChangeTailer}): one daemon thread per backend
 * reads {@code change_log} rows past the newest revision it delivered, in revision order, in
 * batches of 500 (each joined with the row of the object's previous version, for filter
 * transitions), and offers each row to every watch, which turns it into its event: ADDED /
 * MODIFIED / DELETED, or ADDED when the object starts matching the watch's filter and DELETED
 * (with the new state) when it stops, as the Kubernetes cacher does. Listeners are called on that
 * thread and must not block; one that throws has its watch closed. Rows this process committed
 * are not read back: the committing thread hands them over, with the bytes it wrote, in commit
 * order ({@link dev.customapiserver.storage.jpa.CommittedChanges}), and the tailer delivers the
 * gap-free run after its position from there. It reads the database when that run is broken (a
 * revision another process committed, or the hand-over dropped rows because the tailer fell far
 * behind), on PostgreSQL when another process's {@code NOTIFY} arrives (sent in every write
 * transaction with the sender's instance id, received on a dedicated {@code LISTEN} connection,
 * {@link dev.customapiserver.storage.jpa.PgNotifications}, one more thread), and otherwise every
 * {@code pollInterval} (the fallback for H2 servers, MariaDB and lost notifications). A new watch is started on the tailer thread, between passes, so nothing
 * slips in between: initial ADDED events of the state at its start revision if asked for, then its
 * resource's history from its start revision up to the tailer's position, then the tail.
 *
 * <p>Never skipping a revision: a writer draws revision N by incrementing the counter row and holds
 * that row lock until it commits or rolls back; the writer of N+1 cannot draw it before. A rolled
 * back write gives its revision back (the increment is rolled back too) and every committed write
 * has a change-log row, so committed revisions are gap-free. On PostgreSQL a transaction becomes
 * visible to new snapshots before its locks are released, and under READ COMMITTED each statement
 * takes a new snapshot; so a statement seeing N+1 sees N. H2 (MVStore) likewise publishes a commit
 * before releasing its row locks. The tailer does not rely on that alone: it delivers only the
 * gap-free run after its position, and when it finds a hole it waits (1 ms, doubling up to the poll
 * interval) and reads again, as a hole can only be a commit not yet visible. MariaDB under
 * REPEATABLE READ would need its read statements outside long transactions (they are: every read
 * is its own short transaction).
 *
 * <p>State at a revision ({@link dev.customapiserver.storage.jpa.SnapshotQuery}): the current rows
 * not written since R (a keyset seek in {@code stored_objects}' primary key, the cost of a
 * current-state page whatever the page index), merged with the keys written after R (from
 * {@code change_log_by_resource}) each read at R as its newest change-log row at or below R unless
 * that is a DELETED ({@code change_log_by_key}). Serves the initial events of watches and paged,
 * continue and {@code Exact} lists, so every page of a list is the same snapshot; a page costs one
 * seek plus the writes made since R.
 *
 * <p>Compaction ({@link dev.customapiserver.storage.jpa.Compactor}, on the tailer thread every
 * {@code compactionInterval}): retention is by revisions, the newest {@code retainedRevisions}
 * whole; below the compaction revision C only each key's newest row, when not a DELETED, survives,
 * so the state at every R &gt;= C is still readable and history after C is complete. C is recorded
 * in {@code storage_revision.compacted_revision} in the same transaction (after taking the counter
 * row lock, so it queues with writers). Watches, continue tokens and Exact lists below C get
 * EXPIRED; a watch starting while compaction passes it ends with EXPIRED; a tailer overtaken by
 * another process's compaction ends all its watches with EXPIRED. A backend never compacts past its
 * own tailer. The correlated DELETE is not accepted by MariaDB (error 1093) yet.
 */
package dev.customapiserver.storage.jpa;
