package dev.vkrules.generator.requirements;

import dev.vkrules.generator.GenerateMain;
import dev.vkrules.generator.GeneratorException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Loads the requirement tables the emitters and publishers work from: extracted tables plus overrides. */
public final class RequirementSources {
  private RequirementSources() {}

  /** The tables after overrides, the overrides, and a description of the files they came from. */
  public record Loaded(RequirementTable extracted, RequirementTable table, Overrides overrides, String sourceNames) {}

  public static Loaded load(GenerateMain.GenerationInputs inputs) {
    return load(inputs.specSources(), inputs.rules());
  }

  public static Loaded load(Path specSources, Path rules) {
    Path overridesFile = rules.resolve("tables").resolve(Overrides.FILE);
    if (!Files.isRegularFile(overridesFile)) {
      throw new GeneratorException("missing rules/tables/" + Overrides.FILE);
    }
    Overrides overrides = Overrides.read(overridesFile, "rules/tables/" + Overrides.FILE);
    // The extracted capability tables (issue 2) are not in rules/tables/ yet; until they are,
    // the same facts are read from vk.xml by the reader the conformance tests use.
    RequirementTable extracted = VkXmlRequirements.read(specSources.resolve("vk.xml"));
    return new Loaded(extracted, overrides.apply(extracted), overrides,
        "spec-sources/vk.xml (<spirvcapabilities>, <spirvextensions>) and rules/tables/" + Overrides.FILE);
  }
}
