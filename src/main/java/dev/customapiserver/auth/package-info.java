/**
 * Who is calling and may they: the {@link dev.customapiserver.auth.AuthenticationChain} of
 * authenticators over a request's {@link dev.customapiserver.auth.Credentials} (bearer tokens from the
 * admin token and kube-apiserver's token.csv, x509 client certificates, a token webhook; anonymous),
 * the {@link dev.customapiserver.auth.Authorizer} seam with its attributes, and the request attribute
 * carrying the acting {@link dev.customapiserver.api.meta.UserInfo}. Free of servlet types except
 * {@link dev.customapiserver.auth.RequestUser}.
 */
package dev.customapiserver.auth;
