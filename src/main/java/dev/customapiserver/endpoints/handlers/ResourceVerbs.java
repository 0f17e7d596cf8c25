package dev.customapiserver.endpoints.handlers;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.endpoints.fieldmanager.FieldManager;
import dev.customapiserver.endpoints.representation.Encoder;
import dev.customapiserver.endpoints.representation.Tables;
import dev.customapiserver.endpoints.representation.VersionedView;
import dev.customapiserver.endpoints.watch.Watches;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.runtime.BodyDecoder;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import java.time.Clock;

/**
 * The read and write verb handlers of one resource in one version, as both the routes bound at
 * start ({@code RouteBinder}) and the dispatcher of resources defined at run time
 * ({@code DynamicRoutes}) use them; the {@code scale} handlers when the kind has that subresource (else null).
 */
public record ResourceVerbs<H extends KubeObject>(VersionedView<H> view, ReadHandlers<H> reads, WriteHandlers<H> writes,
    ScaleHandlers<H> scale) {

  /** What every resource's handlers share: one per REST application. */
  public record Factory(Registry registry, Codecs codecs, Encoder encoder, BodyDecoder decoder, Tables tables, Watches watches,
      Clock clock) {

    public <H extends KubeObject> ResourceVerbs<H> verbs(ResourceType<H> type, String version) {
      GenericStore<H> store = registry.store(type);
      ServedVersion<H, ?> sv = type.version(version).orElseThrow();
      VersionedView<H> view = new VersionedView<>(type, sv, decoder);
      var reads = new ReadHandlers<>(view, store, encoder, tables, codecs, watches);
      var fields = new FieldManager(view.groupVersion().apiVersion(), new ResourceVersions<>(type, codecs.json()),
          type.hasStatusSubresource(), codecs.json(), clock);
      var writes = new WriteHandlers<>(view, store, encoder, codecs, decoder, fields);
      ScaleHandlers<H> scale = registry.scale(type).map(s -> new ScaleHandlers<>(s, encoder, codecs, decoder)).orElse(null);
      return new ResourceVerbs<>(view, reads, writes, scale);
    }
  }
}
