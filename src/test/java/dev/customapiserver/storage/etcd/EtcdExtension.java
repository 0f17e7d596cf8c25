package dev.customapiserver.storage.etcd;

import dev.customapiserver.storage.contract.StorageFixture;
import dev.customapiserver.testing.EtcdCluster;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One etcd for the whole test run (started on first use, killed when the run ends): a single
 * member, or with {@link ThreeMembers} a three-member cluster on loopback; and an
 * {@link EtcdFixture} on it per test. Without the etcd binary the tests are aborted (skipped)
 * with the reason.
 */
class EtcdExtension implements BeforeEachCallback, ParameterResolver {

  /** The same suites on a three-member cluster: every write goes through Raft to a quorum. */
  static final class ThreeMembers extends EtcdExtension {
    ThreeMembers() {
      super(3);
    }
  }

  private final int members;

  EtcdExtension() {
    this(1);
  }

  EtcdExtension(int members) {
    this.members = members;
  }

  /** The started member (or why it did not start), closed with the root store. */
  private record Started(EtcdCluster etcd, AtomicLong compacted, String failure)
      implements ExtensionContext.Store.CloseableResource {
    @Override
    public void close() throws Throwable {
      if (etcd != null) {
        etcd.close();
      }
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    started(context);
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == StorageFixture.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Started s = started(context);
    return new EtcdFixture(s.etcd().endpoints(), s.compacted());
  }

  private Started started(ExtensionContext context) {
    Started s = context.getRoot().getStore(ExtensionContext.Namespace.create(EtcdExtension.class))
        .getOrComputeIfAbsent("etcd-" + members, k -> {
          try {
            return new Started(EtcdCluster.start(members), new AtomicLong(), null);
          } catch (Exception e) {
            return new Started(null, null, e.getMessage());
          }
        }, Started.class);
    if (s.etcd() == null) {
      Assumptions.abort("etcd not available: " + s.failure());
    }
    return s;
  }
}
