/**
 * The wire types of the API groups this server serves, one sub-package per group, as kube keeps them
 * in {@code k8s.io/api}: hub and versioned types, their conversion, defaults, protobuf encoding and
 * the group's name. Nothing here serves a request: the modules, strategies and admission plugins that
 * give the types their behaviour live in {@link dev.customapiserver.groups}, so every other room can
 * read these types without reaching the server's behaviour.
 */
package dev.customapiserver.apis;
