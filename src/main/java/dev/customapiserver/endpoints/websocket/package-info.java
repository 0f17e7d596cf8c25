/**
 * WebSocket as a transport for server-to-client message streams (watches), on the Jakarta WebSocket
 * 2.1 API of the servlet container: a filter offers an upgrade to requests that ask for one, the REST
 * layer takes it once it knows the request is valid. Knows nothing of watches or API objects.
 */
package dev.customapiserver.endpoints.websocket;
