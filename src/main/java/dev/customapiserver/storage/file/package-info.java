/**
 * The storage contract on a directory tree of YAML files, one per object
 * ({@code <root>/<group>/<resource>/<namespace>/<name>.yaml}, {@code core} for the core group,
 * {@code _cluster} for cluster-scoped objects), for small installs kept in git. A write goes to a
 * temporary file that is fsynced and renamed over the object's file, then a line is appended (and
 * fsynced) to {@code <root>/.revisions.log}: the revision, the key, the change and the file's hash.
 * The log gives every object its resourceVersion across restarts; the objects, their history and
 * watches live in a {@link dev.customapiserver.storage.memory.MemoryEngine}. Files edited, added or
 * removed by hand (while the server runs, or while it is down) become changes with new revisions:
 * watches see them as if made through the API.
 */
package dev.customapiserver.storage.file;
