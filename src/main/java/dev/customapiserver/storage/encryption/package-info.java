/**
 * Encryption at rest: {@code --encryption-provider-config} (apiserver.config.k8s.io/v1
 * EncryptionConfiguration) read into one {@link dev.customapiserver.runtime.ValueTransformer} per
 * resource: the first provider writes, every provider reads, as kube-apiserver.
 */
package dev.customapiserver.storage.encryption;
