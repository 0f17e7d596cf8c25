/**
 * What the key-value backends ({@code storage.memory}, {@code storage.file}, {@code storage.etcd})
 * share: the continue token (which {@code storage.jpa} uses too) and the end of a list page, the
 * reading of a list's resourceVersion parameter, precondition checks and the watcher that turns a
 * key's change into the event a watch sees (the cacher's transition rules). Knows the storage
 * contract only.
 */
package dev.customapiserver.storage.kv;
