package dev.customapiserver.apis;

import java.util.List;
import java.util.Set;

/** What seed-apis.md promises about each built-in resource. */
final class ExpectedGroups {
  record Expected(String group, List<String> versions, String kind, String plural, boolean namespaced,
      List<String> shortNames, String storageVersion, boolean status) {}

  static final List<Expected> RESOURCES = List.of(
      new Expected("hello.zeng.dev", List.of("v2", "v1"), "Foo", "foos", true, List.of("fo"), "v2", true));

  static final Set<String> NAMES = Set.of("hello.zeng.dev");

  private ExpectedGroups() {}
}
