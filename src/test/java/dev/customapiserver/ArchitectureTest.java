package dev.customapiserver;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The dependency lines of docs/architecture: they point downward only. */
@DisplayName("Architecture: dependencies point downward")
class ArchitectureTest {
  static JavaClasses classes;

  @BeforeAll
  static void load() {
    classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.customapiserver");
  }

  @Test
  @DisplayName("the top-level packages are free of cycles: every dependency between rooms points one way")
  void noCycles() {
    slices().matching("dev.customapiserver.(*)..").should().beFreeOfCycles().check(classes);
  }

  @Test
  @DisplayName("no two classes of the server share a simple name: each name says its room")
  void oneNamePerClass() {
    Map<String, TreeSet<String>> byName = classes.stream().filter(c -> c.isTopLevelClass() && !c.getSimpleName().equals("package-info"))
        .collect(Collectors.groupingBy(JavaClass::getSimpleName, TreeMap::new,
            Collectors.mapping(JavaClass::getName, Collectors.toCollection(TreeSet::new))));
    assertThat(byName.entrySet().stream().filter(e -> e.getValue().size() > 1).map(Map.Entry::getValue))
        .as("classes sharing a simple name").isEmpty();
  }

  @Test
  @DisplayName("the wire types of the groups carry no behaviour: no module, admission, authentication, registry or server")
  void wireTypes() {
    noClasses().that().resideInAPackage("..customapiserver.apis..")
        .should().dependOnClassesThat().resideInAnyPackage("..customapiserver.groups..", "..customapiserver.admission..",
            "..customapiserver.auth..", "..customapiserver.registry..", "..customapiserver.client..",
            "..customapiserver.controllers..")
        .check(classes);
  }

  @Test
  @DisplayName("only the server wiring knows the group modules")
  void groupsAreLeaves() {
    noClasses().that().resideOutsideOfPackages("..customapiserver.groups..", "..customapiserver.server..")
        .should().dependOnClassesThat().resideInAPackage("..customapiserver.groups..")
        .check(classes);
  }

  @Test
  @DisplayName("the wire types know nothing above them")
  void api() {
    noClasses().that().resideInAPackage("..customapiserver.api..")
        .should().dependOnClassesThat().resideInAnyPackage("..customapiserver.runtime..", "..customapiserver.registry..",
            "..customapiserver.storage..", "..customapiserver.endpoints..", "..customapiserver.server..", "..customapiserver.apis..")
        .check(classes);
  }

  @Test
  @DisplayName("the schema model depends on the API types only")
  void schema() {
    noClasses().that().resideInAPackage("..customapiserver.schema..")
        .should().dependOnClassesThat().resideInAnyPackage("..customapiserver.runtime..", "..customapiserver.registry..",
            "..customapiserver.storage..", "..customapiserver.endpoints..", "..customapiserver.server..",
            "..customapiserver.apis..", "..customapiserver.filters..", "jakarta.ws.rs..", "jakarta.servlet..")
        .check(classes);
  }

  @Test
  @DisplayName("runtime and the group modules know nothing of storage, registry internals, REST or the server")
  void runtimeAndGroups() {
    noClasses().that().resideInAnyPackage("..customapiserver.runtime..", "..customapiserver.apis..")
        .should().dependOnClassesThat().resideInAnyPackage("..customapiserver.registry..", "..customapiserver.storage..",
            "..customapiserver.endpoints..", "..customapiserver.server..", "..customapiserver.filters..", "jakarta.ws.rs..",
            "jakarta.servlet..", "jakarta.persistence..")
        .check(classes);
  }

  @Test
  @DisplayName("admission (contracts and chain) depends on nothing above runtime and the API types")
  void admission() {
    noClasses().that().resideInAPackage("..customapiserver.admission..")
        .and().resideOutsideOfPackage("..customapiserver.admission.webhook..")
        .should().dependOnClassesThat().resideInAnyPackage("..customapiserver.apis..", "..customapiserver.registry..",
            "..customapiserver.storage..", "..customapiserver.endpoints..", "..customapiserver.server..",
            "..customapiserver.filters..", "..customapiserver.controllers..", "jakarta.ws.rs..", "jakarta.servlet..",
            "jakarta.persistence..")
        .check(classes);
  }

  @Test
  @DisplayName("controllers work through the registry: no storage implementation, no REST, no server")
  void controllers() {
    noClasses().that().resideInAPackage("..customapiserver.controllers..")
        .should().dependOnClassesThat().resideInAnyPackage("..customapiserver.storage.jpa..", "..customapiserver.storage.cache..",
            "..customapiserver.endpoints..",
            "..customapiserver.server..", "..customapiserver.filters..", "jakarta.ws.rs..", "jakarta.servlet..")
        .check(classes);
  }

  @Test
  @DisplayName("storage knows nothing of REST, the registry or the server")
  void storage() {
    noClasses().that().resideInAPackage("..customapiserver.storage..")
        .should().dependOnClassesThat().resideInAnyPackage("..customapiserver.registry..", "..customapiserver.endpoints..",
            "..customapiserver.server..", "..customapiserver.filters..", "jakarta.ws.rs..", "jakarta.servlet..")
        .check(classes);
  }

  @Test
  @DisplayName("the watch cache is a decorator: it sees the inner storage only through the contract")
  void watchCache() {
    noClasses().that().resideInAPackage("..customapiserver.storage.cache..")
        .should().dependOnClassesThat().resideInAnyPackage("..customapiserver.storage.jpa..", "jakarta.persistence..")
        .check(classes);
  }

  @Test
  @DisplayName("the registry sees storage only through its contract, and no HTTP")
  void registry() {
    noClasses().that().resideInAPackage("..customapiserver.registry..")
        .should().dependOnClassesThat().resideInAnyPackage("..customapiserver.storage.jpa..", "..customapiserver.endpoints..",
            "..customapiserver.server..", "jakarta.ws.rs..", "jakarta.servlet..")
        .check(classes);
  }

  @Test
  @DisplayName("endpoints never touch storage")
  void endpoints() {
    noClasses().that().resideInAPackage("..customapiserver.endpoints..")
        .should().dependOnClassesThat().resideInAnyPackage("..customapiserver.storage.jpa..", "..customapiserver.server..",
            "jakarta.persistence..")
        .check(classes);
  }

  @Test
  @DisplayName("the admission webhooks read only the webhook configuration and Namespace types, and know nothing of "
      + "storage, the registry, REST or the server")
  void webhooks() {
    noClasses().that().resideInAPackage("..customapiserver.admission.webhook..")
        .should().dependOnClassesThat().resideInAnyPackage("..customapiserver.storage..", "..customapiserver.registry..",
            "..customapiserver.endpoints..", "..customapiserver.server..", "..customapiserver.filters..",
            "..customapiserver.controllers..", "jakarta.ws.rs..", "jakarta.servlet..", "jakarta.persistence..")
        .orShould().dependOnClassesThat(resideInAPackage("..customapiserver.apis..")
            .and(not(resideInAnyPackage("..customapiserver.apis", "..customapiserver.apis.meta..", "..customapiserver.apis.admissionregistration..",
                "..customapiserver.apis.core.."))))
        .check(classes);
  }

  @Test
  @DisplayName("only the server wiring knows the controllers")
  void controllersAreLeaves() {
    noClasses().that().resideOutsideOfPackages("..customapiserver.controllers..", "..customapiserver.server..")
        .should().dependOnClassesThat().resideInAPackage("..customapiserver.controllers..")
        .check(classes);
  }

  @Test
  @DisplayName("nothing depends on the server wiring but the launcher and the embedding kit built on it")
  void server() {
    noClasses().that().resideOutsideOfPackages("..customapiserver.server..", "..customapiserver.launcher..",
            "..customapiserver.testkit..")
        .should().dependOnClassesThat().resideInAPackage("..customapiserver.server..")
        .check(classes);
  }
}
