/**
 * Talking to a Kubernetes cluster as client-go does from a kubeconfig file: the current context's
 * server, CA, client certificate and bearer token, turned into a JDK {@link java.net.http.HttpClient}
 * sending and reading JSON (TokenReview, SubjectAccessReview, ConfigMaps, Namespaces).
 */
package dev.customapiserver.client;
