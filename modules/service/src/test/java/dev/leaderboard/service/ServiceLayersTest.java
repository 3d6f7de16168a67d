package dev.leaderboard.service;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The service module's layers, read from its compiled classes: no cycle between its packages, and
 * the top package (the facade, the verticles, the node's store) is imported by no job package below
 * it; {@code friends} is the other service beside it (its interface up there, its verticle on the
 * node's store), and no package imports {@code friends}.
 */
class ServiceLayersTest {
  static final JavaClasses SERVICE = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("dev.leaderboard.service");

  @Test
  void noCycleBetweenPackages() {
    slices().matching("dev.leaderboard.(**)").should().beFreeOfCycles().check(SERVICE);
  }

  @Test
  void nothingBelowNamesTheTop() {
    noClasses().that().resideInAPackage("dev.leaderboard.service.*..")
        .and().resideOutsideOfPackage("dev.leaderboard.service.friends..").should().dependOnClassesThat()
        .resideInAPackage("dev.leaderboard.service").check(SERVICE);
  }

  @Test
  void theFriendServiceIsImportedByNone() {
    noClasses().that().resideOutsideOfPackage("dev.leaderboard.service.friends..").should().dependOnClassesThat()
        .resideInAPackage("dev.leaderboard.service.friends..").check(SERVICE);
  }
}
