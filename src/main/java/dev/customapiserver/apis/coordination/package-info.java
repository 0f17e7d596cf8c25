/**
 * The {@code coordination.k8s.io} types: Lease in v1, namespaced, all spec (holder, duration,
 * acquire and renew MicroTimes, transitions). Leader election of client-go, fabric8 and the official
 * Java client locks on it; the server only stores it.
 */
package dev.customapiserver.apis.coordination;
