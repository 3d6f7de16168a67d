package dev.leaderboard.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every module of the node at once (the app's classpath holds them all), read from their compiled
 * classes: no cycle between any two packages, and each module names only the modules below it
 * (core and embedded at the bottom, then store and archive, service, api, app).
 */
class ModuleLayersTest {
  static final JavaClasses NODE = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .withImportOption(location -> !location.contains("-tests.jar"))
      .importPackages("dev.leaderboard");

  @Test
  void everyModuleIsRead() {
    for (String module : List.of("core", "embedded", "store", "archive", "service", "api", "app")) {
      assertThat(NODE.containPackage("dev.leaderboard." + module)).as(module).isTrue();
    }
  }

  @Test
  void noCycleBetweenPackages() {
    slices().matching("dev.leaderboard.(**)").should().beFreeOfCycles().check(NODE);
  }

  @Test
  void lowerModulesNameNoHigherOne() {
    noClasses().that().resideInAnyPackage("dev.leaderboard.core..", "dev.leaderboard.embedded..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.leaderboard.store..", "dev.leaderboard.archive..",
            "dev.leaderboard.service..", "dev.leaderboard.api..", "dev.leaderboard.app..")
        .check(NODE);
    noClasses().that().resideInAnyPackage("dev.leaderboard.store..", "dev.leaderboard.archive..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.leaderboard.service..", "dev.leaderboard.api..",
            "dev.leaderboard.app..")
        .check(NODE);
    noClasses().that().resideInAPackage("dev.leaderboard.service..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.leaderboard.api..", "dev.leaderboard.app..")
        .check(NODE);
    noClasses().that().resideInAPackage("dev.leaderboard.api..")
        .should().dependOnClassesThat().resideInAPackage("dev.leaderboard.app..")
        .check(NODE);
  }
}
