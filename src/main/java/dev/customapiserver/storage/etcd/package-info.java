/**
 * The storage contract on etcd v3 through jetcd, as kube-apiserver stores: one key per object
 * ({@code <prefix>/<group>/<resource>/<namespace>/<name>}, the group left out for the core group),
 * the encoded object as its value without resourceVersion, which is the key's mod revision.
 * Creates, updates and deletes are transactions comparing the key's version or mod revision, so
 * concurrent writers (other API servers on the same etcd) never overwrite each other. Lists read
 * at one revision (continue tokens keep it); watches replay etcd's history from a revision, and a
 * revision etcd compacted away is EXPIRED (410 Gone) as in kube.
 */
package dev.customapiserver.storage.etcd;
