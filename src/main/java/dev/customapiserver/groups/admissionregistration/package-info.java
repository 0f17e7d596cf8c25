/**
 * The {@code admissionregistration.k8s.io} module: webhook configurations served in v1, validated as
 * kube-apiserver validates them, with its field paths and messages.
 */
package dev.customapiserver.groups.admissionregistration;
