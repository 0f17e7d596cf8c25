/**
 * The {@code wardle.example.com} module of Kubernetes' sample-apiserver: Flunder and Fischer with
 * their strategies (the cross-field rules of Flunder, once for all versions) and the BanFlunder
 * admission plugin.
 */
package dev.customapiserver.groups.wardle;
