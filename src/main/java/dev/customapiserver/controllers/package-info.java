/**
 * Controllers that run inside the server, as kube-controller-manager's do beside kube-apiserver:
 * they read and write objects only through the registry, never storage or HTTP.
 */
package dev.customapiserver.controllers;
