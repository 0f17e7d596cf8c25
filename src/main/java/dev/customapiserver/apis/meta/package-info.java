/**
 * Wire types and helpers that several groups share, as kube's metav1 types are shared: the
 * LabelSelector of matchLabels and matchExpressions with its validation, and the converter of a kind
 * whose versioned type has the hub's shape.
 */
package dev.customapiserver.apis.meta;
