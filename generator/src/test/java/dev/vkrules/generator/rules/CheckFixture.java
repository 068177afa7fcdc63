package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertThrows;

/** A rule file around one check, compiled against the project's grammar and tables (the language tests' fixture). */
final class CheckFixture {
  private CheckFixture() {}

  /** The rule file text of a declarative rule whose check is {@code check} (YAML, unindented). */
  static String ruleText(String check) {
    return String.join("\n",
        "vuid: VUID-StandaloneSpirv-None-00000",
        "extracted:",
        "  section: StandaloneSpirv",
        "authored:",
        "  status: declarative",
        "  reviewed-hash: x",
        "  message: A sentence.",
        "  check:",
        check.indent(4).stripTrailing(),
        "  examples: {invalid: [a], valid: [b]}",
        "");
  }

  /** {@code check} compiled; a type error is thrown as the {@link RuleError} it is. */
  static CheckCompiler.Compiled compile(String check) {
    RuleFile r = RuleLoader.parse("r.yaml", ruleText(check));
    return new CheckCompiler(LanguageAdditionsTest.GRAMMAR, new Tables(LanguageAdditionsTest.RULES.resolve("tables")))
        .compile(r.authored().check());
  }

  /** The message of the type error {@code check} must cause. */
  static String error(String check) {
    return assertThrows(RuleError.class, () -> compile(check)).getMessage();
  }
}
