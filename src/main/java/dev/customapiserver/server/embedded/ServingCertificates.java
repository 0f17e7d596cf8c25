package dev.customapiserver.server.embedded;

import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.server.datadir.DataDirectory;
import dev.customapiserver.server.datadir.ServingIdentity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Which serving certificate a start uses, in this order: {@code --tls-cert-file}/{@code
 * --tls-private-key-file}; with {@code --cert-dir DIR}, {@code DIR/tls.crt}+{@code tls.key} (a
 * {@code kubernetes.io/tls} Secret mounted there), else {@code DIR/apiserver.crt}+{@code .key}
 * (kube-apiserver's pair name), else one generated and written there as kube does; without either
 * flag, a certificate mounted at {@link #MOUNTED} ({@code tls.crt}/{@code tls.key}, sample-apiserver's
 * and seed 002's place) when both files are there, else the one generated under {@code <data-dir>/pki}.
 */
final class ServingCertificates {
  /** Where sample-apiserver's Deployments mount the serving certificate Secret. */
  static final Path MOUNTED = Path.of("/var/run/apiserver/serving-cert");
  private static final System.Logger LOG = System.getLogger(ServingCertificates.class.getName());

  private final Path mounted;

  ServingCertificates(Path mounted) {
    this.mounted = mounted;
  }

  ServingIdentity choose(ServerConfig config, DataDirectory data) {
    if (config.tlsCertFile().isPresent()) {
      return ServingIdentity.fromFiles(config.tlsCertFile().get(), config.tlsPrivateKeyFile().orElseThrow());
    }
    Optional<Path> certDir = config.flags().path(Option.CERT_DIR);
    if (certDir.isPresent()) {
      return pair(certDir.get(), "tls").or(() -> pair(certDir.get(), "apiserver"))
          .orElseGet(() -> generated(config, data, certDir));
    }
    return pair(mounted, "tls").orElseGet(() -> generated(config, data, Optional.empty()));
  }

  /** {@code dir/name.crt} and {@code dir/name.key}, when both are files. */
  private static Optional<ServingIdentity> pair(Path dir, String name) {
    Path cert = dir.resolve(name + ".crt");
    Path key = dir.resolve(name + ".key");
    if (!Files.isRegularFile(cert) || !Files.isRegularFile(key)) {
      return Optional.empty();
    }
    LOG.log(System.Logger.Level.INFO, "Serving with the certificate {0} and key {1}", cert, key);
    return Optional.of(ServingIdentity.fromFiles(cert, key));
  }

  private static ServingIdentity generated(ServerConfig config, DataDirectory data, Optional<Path> certDir) {
    var ips = BindAddresses.certificateIps(config.bindAddress());
    var sans = config.flags().list(Option.APISERVER_CERT_EXTRA_SANS);
    return certDir.map(dir -> data.servingIdentity(ips, sans, dir)).orElseGet(() -> data.servingIdentity(ips, sans));
  }
}
