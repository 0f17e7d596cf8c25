/**
 * The server's log output ({@code --logging-format=text|json}): {@link
 * dev.customapiserver.server.logging.JsonFormatter} writes one JSON object per line with the
 * request's audit ID, user, verb and resource when a log call passes its {@link
 * dev.customapiserver.request.RequestContext}; {@link dev.customapiserver.server.logging.LogSetup}
 * installs the chosen format for the embedded server (in a container the container's logging rules).
 */
package dev.customapiserver.server.logging;
