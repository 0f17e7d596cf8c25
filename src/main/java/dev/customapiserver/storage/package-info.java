/**
 * The storage contract: create, get, list, guaranteedUpdate and delete of hub objects of one
 * resource, keyed by namespace and name, with one global, strictly increasing resourceVersion per
 * database. Knows nothing of HTTP; failures are {@link dev.customapiserver.storage.StorageException}s
 * that the registry translates into API errors. Implementations: {@code storage.jpa}.
 */
package dev.customapiserver.storage;
