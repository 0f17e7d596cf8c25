package dev.customapiserver.server.datadir;

import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The administrator's credentials a start leaves in the data directory, as the flags ask: the admin
 * token ({@code admin.token}, kept across starts, or new at every start with {@code
 * --kubectl-ephemeral-token}), the kubeconfig (not with {@code --kubectl-disabled}), and with {@code
 * --file-rootpath} the admin's client certificate under {@code <file-rootpath>/cert/} (PEM and
 * PKCS#12), seed 000's layout.
 */
public final class AdminCredentials {
  /** The admin's user name and groups, for the token and the client certificate alike. */
  public static final String USER = "admin";
  public static final List<String> GROUPS = List.of("system:masters");
  private static final System.Logger LOG = System.getLogger(AdminCredentials.class.getName());

  private final DataDirectory data;
  private final ServerConfig config;

  public AdminCredentials(DataDirectory data, ServerConfig config) {
    this.data = data;
    this.config = config;
  }

  /** The admin token of this start: the kept one, or a new one that replaces it. */
  public String token() {
    if (config.flags().bool(Option.KUBECTL_EPHEMERAL_TOKEN)) {
      String token = data.newAdminToken();
      LOG.log(System.Logger.Level.INFO, "A new admin token for this start is in {0}; the previous one is refused",
          data.adminTokenFile());
      return token;
    }
    return data.adminToken();
  }

  /** Writes the client certificate files under {@code <file-rootpath>/cert/} when {@code --file-rootpath} is set. */
  public Optional<Path> writeClientCertificate() {
    return config.flags().path(Option.FILE_ROOTPATH).map(root -> {
      Path p12 = data.writeClientCertificate(root.resolve("cert"), USER, GROUPS,
          config.flags().string(Option.CLIENT_CERTIFICATE_PASSWORD).toCharArray());
      LOG.log(System.Logger.Level.INFO, "The admin''s client certificate is in {0} (also client.crt and client.key beside it)",
          p12);
      return p12;
    });
  }

  /** (Re)writes the kubeconfig for {@code serverUrl}, unless {@code --kubectl-disabled}. */
  public Optional<Path> writeKubeconfig(String serverUrl, ServingIdentity identity, String token) {
    if (config.flags().bool(Option.KUBECTL_DISABLED)) {
      LOG.log(System.Logger.Level.INFO, "{0}: no kubeconfig written; the admin token is in {1}",
          Option.KUBECTL_DISABLED.flag(), data.adminTokenFile());
      return Optional.empty();
    }
    return Optional.of(data.writeKubeconfig(serverUrl, identity, token));
  }
}
