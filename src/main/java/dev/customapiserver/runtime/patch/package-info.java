/**
 * Strategic merge patch ({@code application/strategic-merge-patch+json}) as Kubernetes'
 * {@code strategicpatch} applies it on the server: JSON merge patch whose lists merge by key (or as
 * sets of scalars) where the Java wire type declares {@link dev.customapiserver.api.meta.PatchStrategy},
 * with the {@code $patch}, {@code $retainKeys}, {@code $setElementOrder/} and
 * {@code $deleteFromPrimitiveList/} directives. Works on Jackson trees; the schema comes from the
 * wire type of the request's version. Entry point: {@link dev.customapiserver.runtime.patch.StrategicMergePatch}.
 */
package dev.customapiserver.runtime.patch;
