package dev.customapiserver.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ManagedFieldsEntry;
import dev.customapiserver.groups.coordination.CoordinationModule;
import dev.customapiserver.apis.coordination.Lease;
import dev.customapiserver.apis.hello.Foo;
import dev.customapiserver.groups.hello.HelloModule;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A stored object's copy is what encoding and decoding it gives, also for its timestamps. */
class StorageCodecCopyTest {
  private final Codecs codecs = new Codecs();

  @SuppressWarnings("unchecked")
  private <H extends KubeObject> StorageCodec<H> codec(dev.customapiserver.runtime.ApiGroup group, String plural) {
    return new StorageCodec<>((ResourceType<H>) group.resource(plural).orElseThrow(), codecs);
  }

  private <H extends KubeObject> void assertCopyIsRoundTrip(StorageCodec<H> codec, H hub) {
    H copy = codec.copy(hub);
    H decoded = codec.decode(codec.encode(hub), hub.metadata().namespace, hub.metadata().name);
    assertThat(new String(codecs.toJson(copy))).isEqualTo(new String(codecs.toJson(decoded)));
    assertThat(codec.encode(copy)).isEqualTo(codec.encode(decoded));
  }

  @Test
  @DisplayName("timestamps (with nanoseconds, in metadata, managedFields and status) copy as a round trip reads them")
  void instants() {
    StorageCodec<Foo> codec = codec(new HelloModule().apiGroup(), "foos");
    Foo f = new Foo();
    f.metadata().name = "f";
    f.metadata().namespace = "ns";
    f.metadata().creationTimestamp = Instant.parse("2026-11-27T12:00:00.123456789Z");
    f.metadata().deletionTimestamp = Instant.parse("+12026-01-01T00:00:00Z");
    ManagedFieldsEntry e = new ManagedFieldsEntry();
    e.manager = "m";
    e.operation = "Update";
    e.apiVersion = "hello.zeng.dev/v2";
    e.time = Instant.parse("2026-11-27T12:00:01Z");
    f.metadata().managedFields = List.of(e);
    f.spec.config.msg = "hello";
    f.status = new Foo.Status();
    Foo.Condition c = new Foo.Condition();
    c.type = "Ready";
    c.lastTransitionTime = Instant.parse("1969-12-31T23:59:59.5Z");
    f.status.conditions = new ArrayList<>(List.of(c));
    assertCopyIsRoundTrip(codec, f);
    Foo copy = codec.copy(f);
    assertThat(copy.metadata().creationTimestamp).isEqualTo(f.metadata().creationTimestamp);
    assertThat(copy.status.conditions.get(0).lastTransitionTime).isEqualTo(c.lastTransitionTime);
    copy.status.conditions.get(0).type = "changed";
    assertThat(c.type).isEqualTo("Ready");
  }

  @Test
  @DisplayName("a timestamp with a serializer of its own (MicroTime) copies through its text, truncated as stored")
  void microTime() {
    StorageCodec<Lease> codec = codec(new CoordinationModule().apiGroup(), "leases");
    Lease l = new Lease();
    l.metadata().name = "l";
    l.metadata().namespace = "ns";
    l.spec.holderIdentity = "me";
    l.spec.renewTime = Instant.parse("2026-11-27T12:00:00.123456789Z");
    assertCopyIsRoundTrip(codec, l);
    assertThat(codec.copy(l).spec.renewTime).isEqualTo(Instant.parse("2026-11-27T12:00:00.123456Z"));
  }
}
