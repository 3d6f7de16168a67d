package dev.leaderboard.store;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The store module's layers, read from its compiled classes: no cycle between its packages, the
 * dispatch layer names no store (each store declares its own scripts), and nothing in the module names
 * the catalogue of every script but what loads them all.
 */
class StoreLayersTest {
  static final JavaClasses STORE = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.leaderboard.store");

  @Test
  void noCycleBetweenPackages() {
    slices().matching("dev.leaderboard.(**)").should().beFreeOfCycles().check(STORE);
  }

  @Test
  void dispatchNamesNoStore() {
    noClasses().that().resideInAPackage("dev.leaderboard.store.dispatch..").should().dependOnClassesThat()
        .resideOutsideOfPackages("dev.leaderboard.store.dispatch..", "dev.leaderboard.core..", "java..", "io.vertx..",
            "io.netty..", "io.micrometer..", "org.slf4j..")
        .check(STORE);
  }

  @Test
  void onlyTheCatalogueNamesEveryScript() {
    noClasses().that().resideOutsideOfPackage("dev.leaderboard.store.scripts..").should().dependOnClassesThat()
        .resideInAPackage("dev.leaderboard.store.scripts..").check(STORE);
  }
}
