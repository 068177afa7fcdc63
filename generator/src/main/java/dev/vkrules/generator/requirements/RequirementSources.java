package dev.vkrules.generator.requirements;

import dev.vkrules.generator.GenerationInputs;
import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.tables.RuleTables;
import dev.vkrules.generator.tables.RuleTablesReader;
import java.nio.file.Files;
import java.nio.file.Path;

/** Loads the requirement tables the emitters and publishers work from: extracted tables plus overrides. */
public final class RequirementSources {
  private RequirementSources() {}

  /** The tables after overrides, the overrides, and a description of the files they came from. */
  public record Loaded(RequirementTable extracted, RequirementTable table, Overrides overrides, String sourceNames) {}

  public static Loaded load(GenerationInputs inputs) {
    return load(inputs.specSources(), inputs.rules());
  }

  public static Loaded load(Path specSources, Path rules) {
    Path overridesFile = rules.resolve(Overrides.FILE);
    if (!Files.isRegularFile(overridesFile)) {
      throw new GeneratorException("missing rules/" + Overrides.FILE);
    }
    if (!RuleTablesReader.present(rules)) {
      throw new GeneratorException("missing rules/tables/capabilities.yaml or extensions.yaml;"
          + " run ./vkrules extract --spec spec-sources --out rules");
    }
    RuleTables tables = RuleTablesReader.read(rules);
    return new Loaded(tables.extracted(), tables.requirements(), tables.overrides(),
        "rules/tables/capabilities.yaml, rules/tables/extensions.yaml and rules/" + Overrides.FILE);
  }
}
