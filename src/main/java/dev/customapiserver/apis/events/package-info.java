/**
 * The {@code events.k8s.io} group: Event in v1, the same stored objects as core/v1 Events under
 * the newer field names (regarding, note, reportingController, deprecated*), with the strict rules.
 */
package dev.customapiserver.apis.events;
