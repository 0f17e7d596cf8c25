package dev.customapiserver.endpoints.handlers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.endpoints.fieldmanager.Versions;
import dev.customapiserver.runtime.GroupVersion;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import dev.customapiserver.schema.StructuralSchema;

/** The served versions of one resource for the field manager: wire types, and conversion through the hub. */
final class ResourceVersions<H extends KubeObject> implements Versions {
  private final ResourceType<H> type;
  private final ObjectMapper json;

  ResourceVersions(ResourceType<H> type, ObjectMapper json) {
    this.type = type;
    this.json = json.copy().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
  }

  @Override
  public Class<?> type(String apiVersion) {
    ServedVersion<H, ?> v = version(apiVersion);
    return v == null ? null : v.type();
  }

  @Override
  public StructuralSchema schema(String apiVersion) {
    ServedVersion<H, ?> v = version(apiVersion);
    return v == null ? null : type.schema(v.version()).orElse(null);
  }

  @Override
  public ObjectNode convert(ObjectNode tree, String from, String to) {
    ServedVersion<H, ?> f = version(from);
    ServedVersion<H, ?> t = version(to);
    if (f == null || t == null) {
      throw new IllegalArgumentException(type.kind() + " is not served in " + (f == null ? from : to));
    }
    try {
      H hub = f.toHub(json.treeToValue(tree, f.type()));
      return json.valueToTree(t.fromHub(hub, new GroupVersion(type.group(), t.version()), type.kind()));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(e.getOriginalMessage(), e);
    }
  }

  private ServedVersion<H, ?> version(String apiVersion) {
    int slash = apiVersion.lastIndexOf('/');
    String group = slash < 0 ? "" : apiVersion.substring(0, slash);
    String version = apiVersion.substring(slash + 1);
    if (!group.equals(type.group()) || !type.servedIn(version)) {
      return null;
    }
    return type.version(version).orElse(null);
  }
}
