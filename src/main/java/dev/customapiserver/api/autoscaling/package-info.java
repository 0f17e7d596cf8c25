/** Wire types of {@code autoscaling/v1}: the Scale a {@code scale} subresource reads and writes. */
package dev.customapiserver.api.autoscaling;
