/**
 * Request-header ("front proxy") authentication as k8s.io/apiserver's headerrequest: a client
 * certificate signed by the request-header CA (and, if configured, with an allowed common name)
 * makes the server trust the identity headers ({@code X-Remote-User}, {@code X-Remote-Group},
 * {@code X-Remote-Uid}, {@code X-Remote-Extra-*}) the proxy sends. Free of servlet types: the caller
 * hands in the peer certificates and the headers.
 */
package dev.customapiserver.auth.requestheader;
