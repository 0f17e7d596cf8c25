/**
 * Bootstrap: {@link dev.customapiserver.server.ApiServer} wires scheme, storage, registry, REST
 * application, filters and health endpoints by constructors, and registers them in a servlet
 * context, the same way whether the WAR is deployed ({@link
 * dev.customapiserver.server.ApiServerListener}) or runs embedded ({@code server.embedded}).
 */
package dev.customapiserver.server;
