/**
 * Server settings: command-line flags named like kube-apiserver's, environment variables
 * ({@code CUSTOM_APISERVER_<FLAG_NAME>}), an optional YAML file and defaults, merged with the
 * precedence flags &gt; environment &gt; YAML &gt; defaults into one {@link
 * dev.customapiserver.server.config.ServerConfig}.
 */
package dev.customapiserver.server.config;
