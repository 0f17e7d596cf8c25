/**
 * What an aggregated server learns from its core cluster, as k8s.io/apiserver's delegated
 * authentication: the {@code kube-system/extension-apiserver-authentication} ConfigMap (client CA and
 * front-proxy settings), looked up at start and followed with a watch so that CA rotation applies
 * without a restart, and the client-certificate users of that client CA.
 */
package dev.customapiserver.auth.delegation;
