package dev.customapiserver.server;

import dev.customapiserver.auth.audit.AuditLog;
import dev.customapiserver.auth.audit.AuditObserver;
import dev.customapiserver.auth.audit.AuditPolicy;
import dev.customapiserver.auth.audit.Auditor;
import dev.customapiserver.filters.AuditFilter;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * The audit slot of the pipeline: with {@code --audit-log-path} and {@code --audit-policy-file}, an
 * {@link AuditFilter} writing the policy's events to the rotating log ({@code
 * --audit-log-maxsize/maxbackup/maxage}); without either nothing is audited, as kube-apiserver.
 */
final class AuditWiring {
  private static final System.Logger LOG = System.getLogger(AuditWiring.class.getName());

  private AuditWiring() {}

  /** @throws ConfigException if the policy file is unreadable or not a valid Policy */
  static Optional<AuditFilter> filter(ServerConfig config, Codecs codecs, Clock clock, AuditObserver observer) {
    Optional<String> path = config.flags().optional(Option.AUDIT_LOG_PATH);
    Optional<Path> policyFile = config.flags().path(Option.AUDIT_POLICY_FILE);
    if (path.isEmpty()) {
      return Optional.empty();
    }
    if (policyFile.isEmpty()) {
      LOG.log(System.Logger.Level.WARNING, "No audit policy file provided, no events will be recorded");
      return Optional.empty();
    }
    AuditPolicy policy;
    try {
      policy = AuditPolicy.read(policyFile.get());
    } catch (IllegalArgumentException e) {
      throw ConfigException.invalid(Option.AUDIT_POLICY_FILE.flag() + ": " + e.getMessage());
    }
    AuditLog log = new AuditLog(Path.of(path.get()), config.flags().integer(Option.AUDIT_LOG_MAXSIZE, 0),
        config.flags().integer(Option.AUDIT_LOG_MAXBACKUP, 0), config.flags().integer(Option.AUDIT_LOG_MAXAGE, 0), clock);
    return Optional.of(new AuditFilter(new Auditor(policy, log, codecs.json(), observer), clock));
  }
}
