/**
 * The storage contract in memory: {@link dev.customapiserver.storage.memory.MemoryStorageBackend}
 * for tests and the embedded server (nothing survives a restart), and
 * {@link dev.customapiserver.storage.memory.MemoryEngine}, the revisioned key-value map with a
 * change history and watches that the file backend persists.
 *
 * <p>The engine keeps the current encoded object of every key with its mod revision and one
 * history entry per revision after the compaction revision (the object before and after the
 * write). The state at a revision R is the current state with the writes after R undone, so paged
 * and {@code Exact} lists read one snapshot. Writes happen under the engine's monitor; every write
 * is handed to one dispatcher thread per engine, which calls the watch listeners in revision order.
 * A new watch's initial state and history replay are taken under the monitor and queued on the
 * dispatcher before any later write, so nothing is lost or doubled at the boundary.
 */
package dev.customapiserver.storage.memory;
