/**
 * The {@code apiextensions.k8s.io} types: CustomResourceDefinition in v1 (cluster-scoped, with a
 * status subresource), its conversion and conditions. Its strategy and validation live in
 * {@code groups.apiextensions}; the serving of the resources a definition describes is the
 * controller's ({@code controllers.crd.CustomResourceController}).
 */
package dev.customapiserver.apis.apiextensions;
