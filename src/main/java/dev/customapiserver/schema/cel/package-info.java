/**
 * CEL validation rules of CRD schemas ({@code x-kubernetes-validations}) as kube-apiserver evaluates them,
 * on cel-java: {@code self} (and {@code oldSelf} in transition rules) typed from the structural schema,
 * kube's error wording, field paths and reasons, a per-call cost limit, and the compile check made when a
 * CRD is created or updated.
 */
package dev.customapiserver.schema.cel;
