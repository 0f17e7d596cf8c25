/**
 * The {@code events.k8s.io} module: Event in v1 over the stored core Events, with the strict rules.
 */
package dev.customapiserver.groups.events;
