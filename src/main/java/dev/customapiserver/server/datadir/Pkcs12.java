package dev.customapiserver.server.datadir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;

/**
 * A client identity as a PKCS#12 file (the JDK's {@code PKCS12} key store: PBES2 with AES-256 and an
 * HMAC-SHA256 integrity check, which OpenSSL 3, and so curl, reads): the key with its certificate
 * chain (client, then CA) under the alias {@code client}.
 */
final class Pkcs12 {
  static final String ALIAS = "client";

  private Pkcs12() {}

  static byte[] encode(Pki.ClientIdentity id, char[] password) {
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setKeyEntry(ALIAS, id.key(), password, new Certificate[] {id.certificate(), id.ca()});
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      store.store(out, password);
      return out.toByteArray();
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalStateException("cannot write a PKCS#12 file: " + e.getMessage(), e);
    }
  }
}
