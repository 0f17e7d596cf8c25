/**
 * The {@code events.k8s.io} types: Event in v1, the same stored objects as core/v1 Events under
 * the newer field names (regarding, note, reportingController, deprecated*).
 */
package dev.customapiserver.apis.events;
