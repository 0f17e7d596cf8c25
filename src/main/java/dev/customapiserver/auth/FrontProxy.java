package dev.customapiserver.auth;

import dev.customapiserver.auth.requestheader.RequestHeaderAuthenticator;

/**
 * The request-header (front proxy) authenticator in the chain, first as in kube's delegating
 * authenticator: a trusted proxy's identity headers name the user; a certificate that does not make
 * a trusted proxy is an error (401 if nothing else succeeds); no certificate or no user header leaves
 * the request to the others, and its identity headers are never read.
 */
final class FrontProxy implements Authenticator {
  private final RequestHeaderAuthenticator requestHeader;

  FrontProxy(RequestHeaderAuthenticator requestHeader) {
    this.requestHeader = requestHeader;
  }

  @Override
  public Result authenticate(Credentials credentials) {
    RequestHeaderAuthenticator.Result r = requestHeader.authenticate(credentials.clientCertificates(), credentials.headers());
    if (r instanceof RequestHeaderAuthenticator.Authenticated ok) {
      return new Result.Authenticated(ok.user());
    }
    if (r instanceof RequestHeaderAuthenticator.Failed failed) {
      return Result.rejected(failed.reason());
    }
    return Result.notRecognized();
  }
}
