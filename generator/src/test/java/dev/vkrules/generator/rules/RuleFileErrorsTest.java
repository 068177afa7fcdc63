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
  void aReviewedHashThatDiffersFromTheExtractedHashIsAWarningNamingTheRule() throws Exception {
    RuleFile r = reviewedRule();
    String edited = text(r).replace("reviewed-hash: " + r.hash(), "reviewed-hash: " + "0".repeat(r.hash().length()));
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    java.io.PrintStream saved = System.err;
    RuleFile loaded;
    System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      // an authored block moved to its successor VUID has its old hash: the build goes on
      loaded = RuleLoader.parse(r.file(), edited);
    } finally {
      System.setErr(saved);
    }
    assertEquals(r.vuid(), loaded.vuid());
    String warning = err.toString(java.nio.charset.StandardCharsets.UTF_8).strip();
    assertTrue(warning.matches("vkrules generate: warning: " + java.util.regex.Pattern.quote(r.file())
        + ":\\d+:\\d+: reviewed-hash 0+\u2026 differs from extracted.hash .*; the rule is stale: .*"), warning);
    // Marked stale by extract, the same rule loads without a word: the work list says it.
    String stale = edited.replace("  hash: " + r.hash(), "  hash: " + r.hash() + "\n  stale: true");
    err.reset();
    System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      assertEquals(r.vuid(), RuleLoader.parse(r.file(), stale).vuid());
    } finally {
      System.setErr(saved);
    }
    assertEquals("", err.toString(java.nio.charset.StandardCharsets.UTF_8));
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
