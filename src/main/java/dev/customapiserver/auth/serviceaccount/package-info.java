/**
 * Service account tokens: the signing key ({@link ServiceAccountKeys}), the JWT signer the core
 * group's {@code serviceaccounts/token} uses ({@link JwtSigner}), the authenticator accepting its
 * tokens ({@link ServiceAccountAuthenticator}) and the issuer discovery documents
 * ({@link IssuerDiscovery}).
 */
package dev.customapiserver.auth.serviceaccount;
