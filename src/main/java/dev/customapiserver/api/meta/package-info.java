/**
 * Wire types shared by every API group: object and list metadata, Status, Table, options.
 * Plain Jackson-mapped classes; {@code null} fields are omitted on the wire (Kubernetes' omitempty).
 */
package dev.customapiserver.api.meta;
