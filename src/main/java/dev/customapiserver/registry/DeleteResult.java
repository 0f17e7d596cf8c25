package dev.customapiserver.registry;

/**
 * What a DELETE did: {@code deleted} is true when the object is gone, false when it was only marked
 * as deleting (finalizers pending) or the request was a dry run that would have kept it.
 *
 * @param object the deleted object's last state, or the object marked as deleting
 * @param <H> the hub type
 */
public record DeleteResult<H>(H object, boolean deleted) {}
