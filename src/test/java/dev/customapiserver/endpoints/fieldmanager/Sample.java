package dev.customapiserver.endpoints.fieldmanager;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ListType;
import dev.customapiserver.runtime.Codecs;
import java.util.List;
import java.util.Map;

/** A versioned type with every list semantic, for the field-manager tests. */
@JsonInclude(JsonInclude.Include.NON_NULL)
final class Sample extends KubeObject {
  static final ObjectMapper JSON = new Codecs().json();
  static final Schema SCHEMA = new Schemas().of(Sample.class);

  public Spec spec;

  @JsonInclude(JsonInclude.Include.NON_NULL)
  static final class Spec {
    public String a;
    public String b;
    public Map<String, String> labels;
    public List<String> atomic;
    @ListType("set") public List<String> set;
    @ListType(value = "map", mapKeys = "name") public List<Item> items;
    public Nested nested;
  }

  @JsonInclude(JsonInclude.Include.NON_NULL)
  static final class Item {
    public String name;
    public Integer n;
    public String note;
  }

  @JsonInclude(JsonInclude.Include.NON_NULL)
  static final class Nested {
    public String x;
    public String y;
  }

  /** Relaxed JSON ('single quotes', unquoted names) to keep the tables readable. */
  static JsonNode json(String relaxed) {
    try {
      return JSON.readTree(relaxed.replace('\'', '"'));
    } catch (Exception e) {
      throw new IllegalArgumentException(relaxed, e);
    }
  }
}
