package dev.customapiserver.api.meta;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/** A list of objects of one kind ({@code FooList}); {@code items} is always present, possibly empty. */
@JsonPropertyOrder({"apiVersion", "kind", "metadata", "items"})
public final class KubeList<T> {
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public String apiVersion;
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public String kind;
  public ListMeta metadata = new ListMeta();
  public List<T> items = List.of();

  public KubeList() {}

  public KubeList(String apiVersion, String kind, ListMeta metadata, List<T> items) {
    this.apiVersion = apiVersion;
    this.kind = kind;
    this.metadata = metadata;
    this.items = items;
  }
}
