/** Kubernetes' name and label rules (DNS-1123, qualified names, label values) with its error wording. */
package dev.customapiserver.api.validation;
