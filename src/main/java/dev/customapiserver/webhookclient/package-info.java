/**
 * Calling a webhook over HTTPS as kube-apiserver does: JSON POSTed to {@code clientConfig.url} or
 * {@code https://<service>.<namespace>.svc:<port><path>} with kube's {@code ?timeout=Ns}, the server
 * certificate checked against the configuration's {@code caBundle}, and failures worded as Go's HTTP
 * client words them ({@code Post "https://...": dial tcp ...: connect: connection refused}). Shared
 * by the admission webhooks and the CustomResourceDefinition conversion webhooks; knows neither.
 */
package dev.customapiserver.webhookclient;
