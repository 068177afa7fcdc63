package dev.vkrules.runtime.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Who may know whom among the engine's packages (docs/module-model.md, "Who may know whom"): the
 * parts read the module through the views and never name the facade that constructs them, and
 * every arrow between the packages runs one way. Read from the compiled classes, so a reference
 * from a method body counts as much as an import.
 */
class EngineLayersTest {
  private static final String ENGINE = "dev.vkrules.runtime.engine";
  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages(ENGINE);

  @Test
  void thePartsNeverNameFacts() {
    noClasses().that().resideInAnyPackage(ENGINE + ".base..", ENGINE + ".module..", ENGINE + ".layout..",
            ENGINE + ".memory..", ENGINE + ".interfaces..", ENGINE + ".device..")
        .should().dependOnClassesThat().belongToAnyOf(Facts.class)
        .because("the parts take ModuleView or InterfaceView; Facts implements them and constructs the parts")
        .check(CLASSES);
  }

  @Test
  void eachPartKnowsOnlyThePartsBelowIt() {
    layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("engine").definedBy(ENGINE)
        .layer("natives").definedBy(ENGINE + ".natives..")
        .layer("pipeline").definedBy(ENGINE + ".pipeline..")
        .layer("interfaces").definedBy(ENGINE + ".interfaces..")
        .layer("layout").definedBy(ENGINE + ".layout..")
        .layer("memory").definedBy(ENGINE + ".memory..")
        .layer("module").definedBy(ENGINE + ".module..")
        .layer("device").definedBy(ENGINE + ".device..")
        .layer("base").definedBy(ENGINE + ".base..")
        .whereLayer("interfaces").mayOnlyAccessLayers("layout", "module", "device", "base")
        .whereLayer("layout").mayOnlyAccessLayers("module", "base")
        .whereLayer("memory").mayOnlyAccessLayers("module", "base")
        .whereLayer("module").mayOnlyAccessLayers("base")
        .whereLayer("device").mayOnlyAccessLayers("base")
        .whereLayer("base").mayNotAccessAnyLayer()
        .check(CLASSES);
  }

  @Test
  void theSubPackagesHaveNoCycle() {
    slices().matching(ENGINE + ".(*)..").should().beFreeOfCycles().check(CLASSES);
  }
}
