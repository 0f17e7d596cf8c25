package dev.customapiserver.storage.etcd;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How to reach etcd.
 *
 * @param servers client URLs ({@code --etcd-servers})
 * @param prefix prefix of every key ({@code --etcd-prefix}, {@code /registry})
 * @param caFile CA verifying etcd's serving certificate ({@code --etcd-cafile})
 * @param certFile client certificate ({@code --etcd-certfile}), with {@code keyFile}
 * @param keyFile its private key, PKCS#8 PEM ({@code --etcd-keyfile})
 * @param requestTimeout how long one request may take before the call fails UNAVAILABLE
 * @param bookmarkInterval how often watches that asked for bookmarks get one (etcd progress)
 */
public record EtcdSettings(List<String> servers, String prefix, Optional<Path> caFile, Optional<Path> certFile,
    Optional<Path> keyFile, Duration requestTimeout, Duration bookmarkInterval) {
  public EtcdSettings {
    servers = List.copyOf(servers);
  }

  /** Plain-text etcd at {@code servers} under {@code prefix}, 15 s per request, bookmarks every minute. */
  public static EtcdSettings of(List<String> servers, String prefix) {
    return new EtcdSettings(servers, prefix, Optional.empty(), Optional.empty(), Optional.empty(),
        Duration.ofSeconds(15), Duration.ofMinutes(1));
  }

  public EtcdSettings withBookmarkInterval(Duration every) {
    return new EtcdSettings(servers, prefix, caFile, certFile, keyFile, requestTimeout, every);
  }

  public EtcdSettings withTls(Optional<Path> ca, Optional<Path> cert, Optional<Path> key) {
    return new EtcdSettings(servers, prefix, ca, cert, key, requestTimeout, bookmarkInterval);
  }
}
