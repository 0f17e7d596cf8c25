/**
 * Watch responses and their transports: a {@link WatchStream} per watch buffers its events (boundedly;
 * a client too slow to keep up gets a 410), the bounded writer pool of {@link Watches} writes them as
 * chunks through a {@link WatchOutput}, framed by {@link WatchFraming} as JSON lines or Server-Sent
 * Events, each event framed once for all watches ({@link WatchFrames}). The outputs: servlet
 * non-blocking I/O behind the {@link WatchHandOff} filter (so neither an idle nor a slow watch holds a
 * thread), WebSocket messages ({@link WebSocketWatchOutput}), or Jersey's blocking chunked output
 * when the filter is not installed. Knows nothing of routes, discovery or the other verbs.
 */
package dev.customapiserver.endpoints.watch;
