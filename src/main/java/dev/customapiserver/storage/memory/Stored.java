package dev.customapiserver.storage.memory;

import dev.customapiserver.storage.ObjectKey;

/** An encoded object at a key with the revision that wrote it. */
public record Stored(ObjectKey key, byte[] data, long modRevision) {}
