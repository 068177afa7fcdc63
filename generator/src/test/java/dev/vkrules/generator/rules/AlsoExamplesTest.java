package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An invalid example's {@code also}: the other VUIDs it must raise. */
class AlsoExamplesTest {
  private static String rule(String vuid, String status, String invalid) {
    return String.join("\n",
        "vuid: " + vuid,
        "extracted:",
        "  section: StandaloneSpirv",
        "authored:",
        "  status: " + status,
        "  reviewed-hash: x",
        "  message: A sentence.",
        "  check: {for: module, require: true}",
        "  examples:",
        "    invalid:",
        invalid.indent(4).stripTrailing(),
        "    valid: [b]",
        "");
  }

  private static final String ALSO = String.join("\n",
      "- asm: a",
      "  also:",
      "  # the spec's rules overlap",
      "  - VUID-StandaloneSpirv-None-00001");

  @Test
  void alsoIsReadInFileOrder() {
    RuleFile r = RuleLoader.parse("r.yaml", rule("VUID-StandaloneSpirv-None-00000", "declarative",
        "- asm: a\n  also: [VUID-StandaloneSpirv-None-00002, VUID-StandaloneSpirv-None-00001]"));
    assertEquals(List.of("VUID-StandaloneSpirv-None-00002", "VUID-StandaloneSpirv-None-00001"),
        r.authored().invalid().get(0).also());
    assertEquals(List.of(), r.authored().valid().get(0).also());
  }

  @Test
  void alsoListsVuidsOnce() {
    RuleError notVuid = assertThrows(RuleError.class, () -> RuleLoader.parse("r.yaml", rule(
        "VUID-StandaloneSpirv-None-00000", "declarative", "- asm: a\n  also: [None-00001]")));
    assertEquals("r.yaml:12:14: 'also' lists VUIDs (VUID-...), got 'None-00001'", notVuid.getMessage());
    RuleError twice = assertThrows(RuleError.class, () -> RuleLoader.parse("r.yaml", rule(
        "VUID-StandaloneSpirv-None-00000", "declarative",
        "- asm: a\n  also: [VUID-StandaloneSpirv-None-00001, VUID-StandaloneSpirv-None-00001]")));
    assertEquals("r.yaml:12:47: also names VUID-StandaloneSpirv-None-00001 twice", twice.getMessage());
  }

  @Test
  void alsoCannotNameTheRuleItself() {
    RuleError e = assertThrows(RuleError.class, () -> RuleLoader.parse("r.yaml",
        rule("VUID-StandaloneSpirv-None-00001", "declarative", ALSO)));
    assertEquals("r.yaml:14:9: also names the rule's own VUID VUID-StandaloneSpirv-None-00001", e.getMessage());
  }

  @Test
  void aValidExampleHasNoAlso() {
    String text = rule("VUID-StandaloneSpirv-None-00000", "declarative", "- a")
        .replace("valid: [b]", "valid:\n    - {asm: b, also: [VUID-StandaloneSpirv-None-00001]}");
    RuleError e = assertThrows(RuleError.class, () -> RuleLoader.parse("r.yaml", text));
    assertTrue(e.getMessage().contains("a valid example breaks nothing"), e.getMessage());
  }

  @Test
  void alsoMustNameARuleWithACheck(@TempDir Path dir) throws IOException {
    Path standalone = Files.createDirectories(dir.resolve("rules/standalone"));
    Path file = standalone.resolve("VUID-StandaloneSpirv-None-00000.yaml");
    Files.writeString(file, rule("VUID-StandaloneSpirv-None-00000", "declarative", ALSO));
    RuleError missing = assertThrows(RuleError.class, () -> RuleLoader.load(file, Path.of("r.yaml")));
    assertEquals("r.yaml:11:7: also names VUID-StandaloneSpirv-None-00001, which is no rule in rules/standalone"
        + " or /runtime", missing.getMessage());

    Path other = standalone.resolve("VUID-StandaloneSpirv-None-00001.yaml");
    Files.writeString(other, "vuid: VUID-StandaloneSpirv-None-00001\nextracted:\n  section: S\nauthored:\n  status: todo\n");
    RuleError unchecked = assertThrows(RuleError.class, () -> RuleLoader.load(file, Path.of("r.yaml")));
    assertTrue(unchecked.getMessage().endsWith("which has no check (status todo); nothing could raise it"),
        unchecked.getMessage());

    Files.writeString(other, rule("VUID-StandaloneSpirv-None-00001", "declarative", "- a"));
    assertEquals(1, RuleLoader.load(file, Path.of("r.yaml")).authored().invalid().get(0).also().size());
    assertEquals(2, RuleLoader.loadAll(dir.resolve("rules")).size());
  }

  @Test
  void theGeneratedTestExpectsTheAlsoVuids() {
    RuleFile r = RuleLoader.parse("r.yaml", rule("VUID-StandaloneSpirv-None-00000", "declarative", ALSO));
    String java = RuleTestEmitter.emit(r).toString();
    // no device (null) before the also VUIDs
    assertTrue(java.contains("RuleExamples.assertRaisesExactly(VUID, CONDITION, null, \"a\", null, "
        + "\"VUID-StandaloneSpirv-None-00001\")"), java);
    assertTrue(java.contains("RuleExamples.assertClean(VUID, CONDITION, null, \"b\")"), java);
  }
}
