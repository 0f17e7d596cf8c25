/**
 * The {@code wardle.example.com} types of Kubernetes' sample-apiserver: Flunder (namespaced, v1alpha1
 * and v1beta1; v1beta1 preferred, v1alpha1 stored unless configured otherwise) and Fischer
 * (cluster-scoped, v1alpha1 only).
 *
 * <p>Hubs: {@link dev.customapiserver.apis.wardle.Flunder}, {@link dev.customapiserver.apis.wardle.Fischer}.
 * The cross-field rules of Flunder and the BanFlunder admission plugin live in {@code groups.wardle}.
 */
package dev.customapiserver.apis.wardle;
