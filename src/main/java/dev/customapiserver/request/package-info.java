/**
 * What one request is and what the pipeline learned about it: the {@link
 * dev.customapiserver.request.RequestInfo} read once from method, path and query (kube's
 * RequestInfoFactory), and the per-request {@link dev.customapiserver.request.RequestContext} the
 * filters fill in order (request info, user, impersonated user, audit ID, extensions) and later
 * stages read. Stored as a servlet request attribute, never a thread-local: watch streams outlive
 * the request thread. Depends only on the API types and the servlet API.
 */
package dev.customapiserver.request;
