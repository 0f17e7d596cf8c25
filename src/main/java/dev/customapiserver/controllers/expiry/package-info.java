/**
 * Expiry: the server deletes objects of kinds that declare a time to live
 * ({@link dev.customapiserver.runtime.ResourceType#timeToLive()}) once it has passed since their
 * last write.
 */
package dev.customapiserver.controllers.expiry;
