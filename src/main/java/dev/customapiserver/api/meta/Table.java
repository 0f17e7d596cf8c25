package dev.customapiserver.api.meta;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/** meta.k8s.io/v1 Table, what {@code kubectl get} prints. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"kind", "apiVersion", "metadata", "columnDefinitions", "rows"})
public final class Table {
  public String kind = "Table";
  public String apiVersion = "meta.k8s.io/v1";
  public ListMeta metadata = new ListMeta();
  public List<Column> columnDefinitions;
  public List<Row> rows = List.of();

  /** metav1.TableColumnDefinition. */
  @JsonPropertyOrder({"name", "type", "format", "description", "priority"})
  public record Column(String name, String type, String format, String description, int priority) {}

  /** metav1.TableRow; {@code object} is omitted for includeObject=None. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Row(List<Object> cells, Object object) {}
}
