package dev.customapiserver.storage.contract;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.KindConverter;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import dev.customapiserver.runtime.StorageCodec;
import java.util.LinkedHashMap;
import java.util.Map;

/** A test-only hub type: one version {@code test.example.dev/v1}, stored as itself. */
public final class Widget extends KubeObject {
  public static final GroupResource RESOURCE = new GroupResource("test.example.dev", "widgets");

  public Spec spec = new Spec();

  /** The widget's payload. */
  public static final class Spec {
    public long counter;
    public String note;
  }

  public static Widget named(String namespace, String name) {
    Widget w = new Widget();
    w.metadata().namespace = namespace;
    w.metadata().name = name;
    w.metadata().uid = "uid-" + namespace + "-" + name;
    return w;
  }

  public Widget label(String key, String value) {
    Map<String, String> labels = metadata().labels == null ? new LinkedHashMap<>() : metadata().labels;
    labels.put(key, value);
    metadata().labels = labels;
    return this;
  }

  public static StorageCodec<Widget> codec() {
    KindConverter<Widget, Widget> identity = new KindConverter<>() {
      @Override
      public Widget toHub(Widget versioned) {
        return versioned;
      }

      @Override
      public Widget fromHub(Widget hub) {
        return hub;
      }
    };
    ResourceType<Widget> type = ResourceType.builder("test.example.dev", "Widget", "widgets", Widget.class)
        .served(ServedVersion.of("v1", Widget.class, identity))
        .storageVersion("v1")
        .build();
    return new StorageCodec<>(type, new Codecs());
  }
}
