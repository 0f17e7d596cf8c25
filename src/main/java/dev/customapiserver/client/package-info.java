/**
 * Talking to a Kubernetes cluster as client-go does from a kubeconfig file: the current context's
 * server, CA, client certificate and bearer token, turned into a JDK {@link java.net.http.HttpClient}
 * sending and reading JSON (TokenReview, SubjectAccessReview, ConfigMaps, Namespaces); {@link
 * dev.customapiserver.client.Reflector} lists and watches a collection there, as client-go's reflector.
 */
package dev.customapiserver.client;
