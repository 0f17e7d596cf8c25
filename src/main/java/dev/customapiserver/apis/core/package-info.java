/**
 * The core group's types (name {@code ""}, served under {@code /api/v1}): Namespace, ConfigMap,
 * Secret, ServiceAccount (with TokenRequest) and Event, each a hub with its v1 wire type, converter
 * and protobuf encoding. Their strategies, the namespace lifecycle admission plugin and the token
 * subresource live in {@code groups.core}.
 */
package dev.customapiserver.apis.core;
