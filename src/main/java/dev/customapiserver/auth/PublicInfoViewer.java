package dev.customapiserver.auth;

/** Lets anyone GET (or HEAD) the public paths, like kube's system:public-info-viewer role. */
final class PublicInfoViewer implements Authorizer {
  @Override
  public Decision authorize(AuthorizationAttributes a) {
    boolean read = a.verb().equals("get") || a.verb().equals("head");
    return !a.resourceRequest() && read && PublicPaths.isPublic(a.path()) ? Decision.allow() : Decision.noOpinion();
  }
}
