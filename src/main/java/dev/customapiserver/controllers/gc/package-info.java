/**
 * The garbage collector, as kube-controller-manager's: a graph of every object's owner references
 * (kept by a list and a watch per resource), deleting dependents whose owners are gone (Background),
 * deleting the blocking dependents of an owner in Foreground deletion before removing its
 * {@code foregroundDeletion} finalizer, and taking the owner reference off the dependents of an owner
 * deleted with {@code orphan}. On start it rebuilds the graph and finishes what was pending.
 */
package dev.customapiserver.controllers.gc;
