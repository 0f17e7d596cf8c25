/**
 * Who is calling and may they: bearer-token authenticators (the admin token, kube-apiserver's
 * token.csv), the {@link dev.customapiserver.auth.Authorizer} seam with its attributes, and the
 * request attribute carrying the authenticated {@link dev.customapiserver.api.meta.UserInfo}.
 * Free of servlet types except {@link dev.customapiserver.auth.RequestUser}.
 */
package dev.customapiserver.auth;
