package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** Rule-file errors name the right position and the parser's reason. */
class RuleFileErrorsTest {
  @Test
  void aTabIsReportedWhereItIs() {
    String text = "vuid: VUID-X\nextracted:\n\tsection: S\n";
    RuleError e = assertThrows(RuleError.class, () -> YamlReader.read("r.yaml", text));
    assertTrue(e.getMessage().startsWith("r.yaml:3:1: invalid yaml: found character '\\t'"), e.getMessage());
    assertEquals("r.yaml:3:1: invalid yaml: ", e.getMessage().substring(0, "r.yaml:3:1: invalid yaml: ".length()),
        e.getMessage());
  }

  /** The first rule of the project with a reviewed check: the real shape, whatever the release. */
  private static RuleFile reviewedRule() {
    return RuleLoader.loadAll(CheckCompilerTest.ROOT.resolve("rules")).stream()
        .filter(r -> r.authored().reviewedHash() != null && r.authored().reviewedHash().equals(r.hash()))
        .findFirst().orElseThrow();
  }

  private static String text(RuleFile r) throws Exception {
    return Files.readString(CheckCompilerTest.ROOT.resolve(r.file()));
  }

  @Test
  void aReviewedHashThatDiffersFromTheExtractedHashIsAnError() throws Exception {
    RuleFile r = reviewedRule();
    String edited = text(r).replace("reviewed-hash: " + r.hash(), "reviewed-hash: " + "0".repeat(r.hash().length()));
    RuleError e = assertThrows(RuleError.class, () -> RuleLoader.parse(r.file(), edited));
    assertTrue(e.getMessage().matches(java.util.regex.Pattern.quote(r.file()) + ":\\d+:\\d+: reviewed-hash 0+\u2026"
        + " differs from extracted.hash .*"), e.getMessage());
    // Marked stale by extract, the same rule loads: the change is visible as work to do.
    String stale = edited.replace("  hash: " + r.hash(), "  hash: " + r.hash() + "\n  stale: true");
    assertEquals(r.vuid(), RuleLoader.parse(r.file(), stale).vuid());
  }

  @Test
  void aVuidThatDoesNotMatchItsFileNameIsAnError() throws Exception {
    RuleFile r = reviewedRule();
    String other = r.file().replace(r.vuid(), r.vuid() + "0");
    RuleError e = assertThrows(RuleError.class, () -> RuleLoader.parse(other, text(r)));
    assertTrue(e.getMessage().startsWith(other + ":"), e.getMessage());
    assertTrue(e.getMessage().contains("does not match the file name"), e.getMessage());
  }
}
