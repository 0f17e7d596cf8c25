/** Admission through the REST layer: the chain, the flags, the built-in plugins and the namespace lifecycle. */
package dev.customapiserver.admission;
