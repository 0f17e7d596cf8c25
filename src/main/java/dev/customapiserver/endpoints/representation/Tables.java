package dev.customapiserver.endpoints.representation;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ListMeta;
import dev.customapiserver.api.meta.PartialObjectMetadata;
import dev.customapiserver.api.meta.Table;
import dev.customapiserver.runtime.PrinterColumn;
import dev.customapiserver.runtime.ServedVersion;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Renders versioned objects as a meta.k8s.io/v1 Table: NAME, the version's own columns, AGE (unless the version replaces it). */
public final class Tables {
  private static final Table.Column NAME = new Table.Column("Name", "string", "name",
      "Name must be unique within a namespace. Is required when creating resources, although some resources may "
          + "allow a client to request the generation of an appropriate name automatically.", 0);
  private static final Table.Column AGE = new Table.Column("Age", "date", "",
      "CreationTimestamp is a timestamp representing the server time when this object was created.", 0);

  /** The includeObject parameter. */
  public enum Include { NONE, METADATA, OBJECT }

  private final Clock clock;

  public Tables(Clock clock) {
    this.clock = clock;
  }

  public static Include include(String param) {
    if (param == null || param.isEmpty() || param.equals("Metadata")) {
      return Include.METADATA;
    }
    return switch (param) {
      case "None" -> Include.NONE;
      case "Object" -> Include.OBJECT;
      default -> throw Errors.badRequest("includeObject: Unsupported value: \"" + param
          + "\": supported values: \"Metadata\", \"None\", \"Object\"");
    };
  }

  public Table table(ServedVersion<?, ?> version, List<? extends KubeObject> objects, ListMeta meta, Include include) {
    Table t = new Table();
    t.metadata = meta;
    List<Table.Column> cols = new ArrayList<>();
    // a version may place the name itself (kube's events print it last, with -o wide): a column of format "name"
    boolean nameFirst = version.columns().stream().noneMatch(c -> c.format().equals("name"));
    if (nameFirst) {
      cols.add(NAME);
    }
    for (PrinterColumn<?> c : version.columns()) {
      cols.add(new Table.Column(c.name(), c.type(), c.format(), c.description(), c.priority()));
    }
    if (version.ageColumn()) {
      cols.add(AGE);
    }
    t.columnDefinitions = cols;
    List<Table.Row> rows = new ArrayList<>();
    for (KubeObject o : objects) {
      List<Object> cells = new ArrayList<>();
      if (nameFirst) {
        cells.add(o.metadata().name);
      }
      for (Object cell : version.cells(o)) {
        cells.add(cell instanceof Instant at ? age(at) : cell);
      }
      if (version.ageColumn()) {
        cells.add(o.metadata().creationTimestamp == null ? "<unknown>" : age(o.metadata().creationTimestamp));
      }
      rows.add(new Table.Row(cells, switch (include) {
        case NONE -> null;
        case METADATA -> new PartialObjectMetadata(o.metadata());
        case OBJECT -> o;
      }));
    }
    t.rows = rows;
    return t;
  }

  /** A date cell as kube sends it: the time since then, as kubectl prints ages. */
  private String age(Instant at) {
    return HumanDuration.format(Duration.between(at, clock.instant()));
  }
}
