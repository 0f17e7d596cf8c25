/**
 * The generic registry: one {@link dev.customapiserver.registry.GenericStore} per resource carries the
 * create/update/delete workflow (server-set metadata, optimistic concurrency, validation with Bean
 * Validation and the kind's strategy; deletion with finalizers, preconditions and the garbage
 * collector's propagation finalizers in {@code Deleter}) over the storage contract, and translates
 * storage failures into API errors.
 */
package dev.customapiserver.registry;
