package dev.customapiserver.testing;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.KindConverter;
import dev.customapiserver.runtime.PrinterColumn;
import dev.customapiserver.runtime.ResourceStrategy;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * A fixture API group {@code test.example.com} for tests of the generic machinery: Widget
 * (namespaced; v2 preferred and stored, v1 older shape) and Gadget (cluster-scoped, v1 only).
 */
public final class Widgets {
  private Widgets() {}

  /** Hub Widget. */
  public static final class Widget extends KubeObject {
    @Valid
    public Spec spec = new Spec();

    /** Hub spec. */
    public static final class Spec {
      @NotBlank
      @Size(max = 10)
      public String color;
      @Min(1)
      public Integer size;
    }
  }

  /** test.example.com/v2 Widget: color nested under paint. */
  public static final class WidgetV2 extends KubeObject {
    public SpecV2 spec = new SpecV2();

    /** v2 spec. */
    public static final class SpecV2 {
      public Paint paint;
      public Integer size;
    }

    /** v2 paint. */
    public static final class Paint {
      public String color;
    }
  }

  /** test.example.com/v1 Widget: color at the top of spec. */
  public static final class WidgetV1 extends KubeObject {
    public Widget.Spec spec = new Widget.Spec();
  }

  /** Cluster-scoped Gadget. */
  public static final class Gadget extends KubeObject {
    public String label;
  }

  static final KindConverter<Widget, WidgetV2> V2 = new KindConverter<>() {
    @Override
    public Widget toHub(WidgetV2 v) {
      Widget h = new Widget();
      h.metadata = v.metadata;
      h.spec.size = v.spec == null ? null : v.spec.size;
      h.spec.color = v.spec == null || v.spec.paint == null ? null : v.spec.paint.color;
      return h;
    }

    @Override
    public WidgetV2 fromHub(Widget h) {
      WidgetV2 v = new WidgetV2();
      v.metadata = h.metadata.copy();
      v.spec.size = h.spec.size;
      if (h.spec.color != null) {
        v.spec.paint = new WidgetV2.Paint();
        v.spec.paint.color = h.spec.color;
      }
      return v;
    }
  };

  static final KindConverter<Widget, WidgetV1> V1 = new KindConverter<>() {
    @Override
    public Widget toHub(WidgetV1 v) {
      Widget h = new Widget();
      h.metadata = v.metadata;
      h.spec = v.spec == null ? new Widget.Spec() : v.spec;
      return h;
    }

    @Override
    public WidgetV1 fromHub(Widget h) {
      WidgetV1 v = new WidgetV1();
      v.metadata = h.metadata.copy();
      v.spec.color = h.spec.color;
      v.spec.size = h.spec.size;
      return v;
    }
  };

  static final KindConverter<Gadget, Gadget> IDENTITY = new KindConverter<>() {
    @Override
    public Gadget toHub(Gadget v) {
      return v;
    }

    @Override
    public Gadget fromHub(Gadget h) {
      Gadget g = new Gadget();
      g.metadata = h.metadata.copy();
      g.label = h.label;
      return g;
    }
  };

  /** The fixture group. */
  public static ApiGroup group() {
    ResourceType<Widget> widgets = ResourceType.builder("test.example.com", "Widget", "widgets", Widget.class)
        .shortNames("wd").categories("all")
        .served(ServedVersion.of("v2", WidgetV2.class, V2)
            .withDefaulter(w -> {
              if (w.spec != null && w.spec.size == null) {
                w.spec.size = 1;
              }
            })
            .withColumns(PrinterColumn.of("Color", "string", "paint color", w -> w.spec.paint == null ? null : w.spec.paint.color),
                PrinterColumn.of("Size", "integer", "size", w -> w.spec.size)))
        .served(ServedVersion.of("v1", WidgetV1.class, V1))
        .storageVersion("v2")
        .selectableField("spec.color", w -> w.spec.color)
        .strategy(new ResourceStrategy<>() {
          @Override
          public List<FieldError> validate(Widget w) {
            return "black".equals(w.spec.color) ? List.of(FieldError.forbidden("spec.color", "black widgets are not allowed"))
                : List.of();
          }
        })
        .build();
    ResourceType<Gadget> gadgets = ResourceType.builder("test.example.com", "Gadget", "gadgets", Gadget.class)
        .clusterScoped().served(ServedVersion.of("v1", Gadget.class, IDENTITY)).storageVersion("v1").build();
    return new ApiGroup("test.example.com", List.of("v2", "v1"), List.of(widgets, gadgets));
  }

  /**
   * A group {@code alias.example.com} whose Widget (v1 only) is a cohabitant of {@code widgets.test.example.com}:
   * served under its own group, stored as the fixture group's widgets.
   */
  public static ApiGroup cohabitant() {
    ResourceType<Widget> widgets = ResourceType.builder("alias.example.com", "Widget", "widgets", Widget.class)
        .storedAs(new dev.customapiserver.runtime.GroupResource("test.example.com", "widgets"))
        .served(ServedVersion.of("v1", WidgetV1.class, V1))
        .build();
    return new ApiGroup("alias.example.com", List.of("v1"), List.of(widgets));
  }

  /** Gadget's identity conversion (a Gadget is its own hub). */
  public static KindConverter<Gadget, Gadget> identity() {
    return IDENTITY;
  }
}
