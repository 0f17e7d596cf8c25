package dev.customapiserver.storage.cache;

import java.util.List;

/** The objects of one namespace (or all) after a key, in key order, as they were at {@code revision}. */
record Snapshot<H>(List<H> items, long revision) {}
