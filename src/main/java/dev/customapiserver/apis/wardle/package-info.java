/**
 * The {@code wardle.example.com} group of Kubernetes' sample-apiserver: Flunder (namespaced, v1alpha1
 * and v1beta1; v1beta1 preferred, v1alpha1 stored unless configured otherwise) and Fischer
 * (cluster-scoped, v1alpha1 only).
 *
 * <p>Hubs: {@link dev.customapiserver.apis.wardle.Flunder}, {@link dev.customapiserver.apis.wardle.Fischer}.
 * The cross-field rules of Flunder live in {@link dev.customapiserver.apis.wardle.FlunderStrategy}, once
 * for all versions. The BanFlunder admission plugin will live here too, next to {@link WardleModule}.
 */
package dev.customapiserver.apis.wardle;
