package dev.customapiserver.server.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The resolved settings of one server.
 *
 * @param dataDir where the database, certificates, tokens and kubeconfig live
 * @param securePort HTTPS port, 0 = pick a free one
 * @param bindAddress IP literal to listen on
 * @param plainPort plain HTTP port, empty = off, 0 = pick a free one
 * @param tokenAuthFile optional token.csv
 * @param tlsCertFile optional PEM serving certificate chain (set together with the key)
 * @param tlsPrivateKeyFile optional PEM private key
 * @param storageUrl JDBC URL; empty = H2 file database under the data directory
 * @param watchCache whether the watch cache decorates the storage
 * @param watchCacheSize changes per resource the watch cache keeps (its history window)
 * @param enableAdmissionPlugins admission plugins to enable besides the default ones
 * @param disableAdmissionPlugins admission plugins to turn off
 * @param flags every option's value, for the settings of the rooms that added them (read with
 *     {@link Flags}'s typed getters rather than growing this record)
 */
public record ServerConfig(
    Path dataDir,
    int securePort,
    String bindAddress,
    OptionalInt plainPort,
    Optional<Path> tokenAuthFile,
    Optional<Path> tlsCertFile,
    Optional<Path> tlsPrivateKeyFile,
    Optional<String> storageUrl,
    String storageUsername,
    String storagePassword,
    boolean watchCache,
    int watchCacheSize,
    List<String> enableAdmissionPlugins,
    List<String> disableAdmissionPlugins,
    Flags flags) {

  public ServerConfig {
    enableAdmissionPlugins = List.copyOf(enableAdmissionPlugins);
    disableAdmissionPlugins = List.copyOf(disableAdmissionPlugins);
  }

  /** Settings with every other option at its default. */
  public ServerConfig(Path dataDir, int securePort, String bindAddress, OptionalInt plainPort, Optional<Path> tokenAuthFile,
      Optional<Path> tlsCertFile, Optional<Path> tlsPrivateKeyFile, Optional<String> storageUrl, String storageUsername,
      String storagePassword, boolean watchCache, int watchCacheSize, List<String> enableAdmissionPlugins,
      List<String> disableAdmissionPlugins) {
    this(dataDir, securePort, bindAddress, plainPort, tokenAuthFile, tlsCertFile, tlsPrivateKeyFile, storageUrl,
        storageUsername, storagePassword, watchCache, watchCacheSize, enableAdmissionPlugins, disableAdmissionPlugins,
        Flags.defaults());
  }

  /** The same settings with {@code flags} for the other options. */
  public ServerConfig withFlags(Flags flags) {
    return new ServerConfig(dataDir, securePort, bindAddress, plainPort, tokenAuthFile, tlsCertFile, tlsPrivateKeyFile,
        storageUrl, storageUsername, storagePassword, watchCache, watchCacheSize, enableAdmissionPlugins,
        disableAdmissionPlugins, flags);
  }

  /** Settings with the default admission plugins (no {@code --enable/--disable-admission-plugins}). */
  public ServerConfig(Path dataDir, int securePort, String bindAddress, OptionalInt plainPort, Optional<Path> tokenAuthFile,
      Optional<Path> tlsCertFile, Optional<Path> tlsPrivateKeyFile, Optional<String> storageUrl, String storageUsername,
      String storagePassword, boolean watchCache, int watchCacheSize) {
    this(dataDir, securePort, bindAddress, plainPort, tokenAuthFile, tlsCertFile, tlsPrivateKeyFile, storageUrl,
        storageUsername, storagePassword, watchCache, watchCacheSize, List.of(), List.of());
  }

  /** Hides the password from logs. */
  @Override
  public String toString() {
    return "ServerConfig[dataDir=" + dataDir + ", securePort=" + securePort + ", bindAddress=" + bindAddress
        + ", plainPort=" + plainPort + ", tokenAuthFile=" + tokenAuthFile + ", tlsCertFile=" + tlsCertFile
        + ", tlsPrivateKeyFile=" + tlsPrivateKeyFile + ", storageUrl=" + storageUrl
        + ", storageUsername=" + storageUsername + ", storagePassword=" + (storagePassword.isEmpty() ? "" : "***")
        + ", watchCache=" + watchCache + ", watchCacheSize=" + watchCacheSize + ", enableAdmissionPlugins="
        + enableAdmissionPlugins + ", disableAdmissionPlugins=" + disableAdmissionPlugins + "]";
  }
}
