/**
 * What the server keeps in its data directory besides the database: a self-signed CA and serving
 * certificate ({@code pki/}), the admin bearer token ({@code admin.token}) and a {@code kubeconfig}
 * for kubectl. Created on first start, reused afterwards; secrets are written with mode 0600.
 */
package dev.customapiserver.server.datadir;
