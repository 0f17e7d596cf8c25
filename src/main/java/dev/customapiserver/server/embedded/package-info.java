/**
 * The server on an embedded Jetty 12 (ee10): HTTPS on {@code --secure-port} with the data
 * directory's serving certificate, optional plain HTTP on {@code --port}, and the kubeconfig written
 * with the actual port once listening. {@link dev.customapiserver.server.embedded.EmbeddedServer#main}
 * is what {@code java -jar custom-apiserver.war} runs.
 */
package dev.customapiserver.server.embedded;
