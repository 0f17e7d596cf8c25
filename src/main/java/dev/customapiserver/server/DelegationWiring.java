package dev.customapiserver.server;

import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Authenticator;
import dev.customapiserver.auth.kubeconfig.PemBundle;
import dev.customapiserver.auth.requestheader.RequestHeaderAuthenticator;
import dev.customapiserver.auth.requestheader.RequestHeaderConfig;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.Flags;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The delegation room of the composition root, as k8s.io/apiserver's delegated authentication and
 * authorization options: {@code --requestheader-*} (front proxy).
 */
final class DelegationWiring {
  private DelegationWiring() {}

  static Delegation open(ServerConfig config) {
    Flags flags = config.flags();
    List<Authenticator> first = new ArrayList<>();
    flags.path(Option.REQUESTHEADER_CLIENT_CA_FILE).ifPresent(ca -> first.add(AuthenticationChain.frontProxy(
        RequestHeaderAuthenticator.of(requestHeader(flags, caFile(ca, Option.REQUESTHEADER_CLIENT_CA_FILE))))));
    return new Delegation(first, List.of(), Optional.empty(), List.of(), List.of());
  }

  /** The {@code --requestheader-*} settings with {@code ca}. */
  static RequestHeaderConfig requestHeader(Flags flags, List<X509Certificate> ca) {
    return new RequestHeaderConfig(ca, flags.list(Option.REQUESTHEADER_ALLOWED_NAMES),
        flags.list(Option.REQUESTHEADER_USERNAME_HEADERS), flags.list(Option.REQUESTHEADER_UID_HEADERS),
        flags.list(Option.REQUESTHEADER_GROUP_HEADERS), flags.list(Option.REQUESTHEADER_EXTRA_HEADERS_PREFIX));
  }

  static List<X509Certificate> caFile(Path file, Option option) {
    try {
      return PemBundle.certificates(file);
    } catch (IllegalArgumentException e) {
      throw ConfigException.invalid("invalid --" + option.flag() + ": " + e.getMessage());
    }
  }
}
