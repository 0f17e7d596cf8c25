/**
 * What discovery says about the served API, built from the Scheme: the legacy documents (APIVersions,
 * APIGroupList, APIGroup, APIResourceList) and aggregated discovery (apidiscovery.k8s.io/v2
 * APIGroupDiscoveryList) in {@link DiscoveryDocuments}, each resource's subresources as both list them
 * ({@code SubresourceDiscovery}), and the rendered documents with their ETags, rebuilt only when the
 * groups change ({@link DiscoveryCache}). Serving them at their paths is the job of the package above;
 * this one knows nothing of requests, handlers or watches.
 */
package dev.customapiserver.endpoints.discovery;
