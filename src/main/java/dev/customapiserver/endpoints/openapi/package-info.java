/**
 * OpenAPI v3 for kubectl and client libraries: one document per served group-version, generated once
 * at start from the Scheme and the versioned Java types ({@link OpenApiDocuments}), and served with
 * kube-apiserver's index, content-hash and caching rules ({@link OpenApiResource}).
 *
 * <p>Everything but those two classes is package-private: the schema builder walks public fields
 * (and record components) with Jackson's naming, {@code @Description} and Bean Validation constraints;
 * the path builder writes the operations kubectl inspects ({@code x-kubernetes-action},
 * {@code x-kubernetes-group-version-kind}, {@code fieldValidation}, patch content types).
 */
package dev.customapiserver.endpoints.openapi;
