/**
 * Serving the resources CustomResourceDefinitions describe: {@link CustomResourceController}
 * watches the definitions (through the registry's informer, so every replica sees every change),
 * decides their names (NamesAccepted, Established, acceptedNames), registers each accepted
 * definition's resource in the registry and its group in the Scheme (the REST layer's dispatcher and
 * discovery follow), and empties a Terminating definition's resource before its finalizer goes.
 */
package dev.customapiserver.controllers.crd;
