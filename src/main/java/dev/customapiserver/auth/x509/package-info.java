/** The x509 client-certificate authenticator of {@code --client-ca-file}: CN is the user, O the groups. */
package dev.customapiserver.auth.x509;
