/**
 * The generic registry: one {@link dev.customapiserver.registry.GenericStore} per resource carries the
 * create/update/delete workflow (server-set metadata, optimistic concurrency, validation with Bean
 * Validation and the kind's strategy) over the storage contract, and translates storage failures
 * into API errors.
 */
package dev.customapiserver.registry;
