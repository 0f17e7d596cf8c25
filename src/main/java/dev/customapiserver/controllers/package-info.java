/**
 * Controllers running inside the server on top of the registry: the namespace lifecycle controller
 * (the {@code default} namespace, and emptying then removing Terminating namespaces). They read
 * through the registry's informers and write through its stores, so admission and validation apply.
 */
package dev.customapiserver.controllers;
