package dev.customapiserver.groups.hello;

import dev.customapiserver.apis.hello.Foo;
import dev.customapiserver.apis.hello.FooDefaults;
import dev.customapiserver.apis.hello.FooV1;
import dev.customapiserver.apis.hello.FooV1Converter;
import dev.customapiserver.apis.hello.FooV2;
import dev.customapiserver.apis.hello.FooV2Converter;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.PrinterColumn;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import java.util.List;

/** The {@code hello.zeng.dev} group: Foo, served in v2 (preferred, stored) and v1. */
public final class HelloModule implements ApiGroupModule {
  public static final String GROUP = "hello.zeng.dev";

  @Override
  public ApiGroup apiGroup() {
    return new ApiGroup(GROUP, List.of("v2", "v1"), List.of(foos()));
  }

  static ResourceType<Foo> foos() {
    return ResourceType.builder(GROUP, "Foo", "foos", Foo.class)
        .shortNames("fo")
        .categories("all")
        .statusSubresource()
        .served(ServedVersion.of("v2", FooV2.class, new FooV2Converter()).withSchemaProtobuf()
            .withDefaulter(FooDefaults::v2)
            .withColumns(
                PrinterColumn.of("MSG", "string", "The message.",
                    f -> f.spec == null || f.spec.config == null ? null : f.spec.config.msg),
                PrinterColumn.of("IMAGE", "string", "The image that shows the message.",
                    f -> f.spec == null ? null : f.spec.image)))
        .served(ServedVersion.of("v1", FooV1.class, new FooV1Converter()).withSchemaProtobuf()
            .withColumns(PrinterColumn.of("MSG", "string", "The message.", f -> f.spec == null ? null : f.spec.msg)))
        .storageVersion("v2")
        .strategy(new FooStrategy())
        .build();
  }
}
