/**
 * Controllers running inside the server on top of the registry, as kube-controller-manager's run
 * beside kube-apiserver: the namespace lifecycle controller (the {@code default} namespace, and
 * emptying then removing Terminating namespaces) and the garbage collector ({@code controllers.gc}).
 * They read through the registry (informers, lists and watches) and write through its stores, so
 * admission and validation apply; never storage or HTTP.
 */
package dev.customapiserver.controllers;
