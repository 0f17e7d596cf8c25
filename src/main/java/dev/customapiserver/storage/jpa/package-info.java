/**
 * The JDBC/JPA (EclipseLink) implementation of the storage contract, for H2 (default, embedded),
 * PostgreSQL and MariaDB. {@link dev.customapiserver.storage.jpa.JpaStorageBackend} is the entry
 * point; everything else is package-private.
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
 */
package dev.customapiserver.storage.jpa;
