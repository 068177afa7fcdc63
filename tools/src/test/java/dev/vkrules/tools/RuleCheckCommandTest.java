package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.cli.Main;
import dev.vkrules.runtime.support.OracleLocator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code vkrules rule-check} judges the rule file as edited, not the checker already built from it. */
class RuleCheckCommandTest {
  private static final Path RULE =
      Path.of("..", "rules", "standalone", "VUID-StandaloneSpirv-OriginLowerLeft-04653.yaml");

  @TempDir Path dir;

  /** Runs {@code rule-check} from the module directory, pointing it at the project's inputs. */
  private static int ruleCheck(StringWriter out, Path rule) {
    String[] args = {"rule-check", "--spec-sources", Path.of("..", "spec-sources").toString(),
        "--tables", Path.of("..", "rules", "tables").toString(), rule.toString()};
    return Main.execute(args, new PrintWriter(out, true), new PrintWriter(out, true));
  }

  @Test
  void theCommittedRulePasses() {
    StringWriter out = new StringWriter();
    assertEquals(0, ruleCheck(out, RULE), out.toString());
  }

  @Test
  void anEditedRuleIsCompiledAfreshEvenThoughABuiltCheckerHasItsName() throws IOException {
    String text = Files.readString(RULE, StandardCharsets.UTF_8);
    assertTrue(text.contains("    require: false\n"), "the rule forbids the execution mode");
    Path edited = dir.resolve(RULE.getFileName());
    // Now the check allows every OriginLowerLeft, so the invalid example must fail.
    Files.writeString(edited, text.replace("    require: false\n", "    require: true\n"), StandardCharsets.UTF_8);
    StringWriter out = new StringWriter();
    assertEquals(1, ruleCheck(out, edited), out.toString());
    assertTrue(out.toString().contains("invalid 0") && out.toString().contains("FAIL"), out.toString());
  }

  /** {@code --oracle} uses the SPIRV-Tools matching the pinned spec, or stops with the search's message. */
  @Test
  void theOracleOptionUsesTheMatchingSpirvToolsOrSaysWhyNot() {
    StringWriter out = new StringWriter();
    String[] args = {"rule-check", "--oracle", "--spec-sources", Path.of("..", "spec-sources").toString(),
        "--tables", Path.of("..", "rules", "tables").toString(), RULE.toString()};
    int rc = Main.execute(args, new PrintWriter(out, true), new PrintWriter(out, true));
    OracleLocator.Search search = OracleLocator.locate(Path.of("..").toAbsolutePath().normalize());
    if (search.found()) {
      assertTrue(out.toString().contains("oracle: " + search.oracle().orElseThrow().describe()), out.toString());
      assertTrue(out.toString().contains("spirv-val: "), out.toString());
    } else {
      assertEquals(Main.EXIT_USAGE, rc, out.toString());
      assertEquals("vkrules: " + search.message() + "\n", out.toString());
    }
  }

  /**
   * With {@code --fresh-after} (the launcher's build stamp), another rule edited since the build
   * is compiled from its file too: here the built OriginLowerLeft-04653 would raise its VUID on
   * the example, the edited one no longer does. A new rule (no built checker) is compiled as well,
   * and built checkers whose rule file is not in the rules directory are left out.
   */
  @Test
  void rulesChangedSinceTheBuildAreCompiledFromTheirFiles() throws IOException {
    Path rules = dir.resolve("rules");
    Files.createDirectories(rules.resolve("standalone"));
    try (var tables = Files.list(Path.of("..", "rules", "tables"))) {
      Files.createDirectories(rules.resolve("tables"));
      for (Path t : tables.toList()) {
        Files.copy(t, rules.resolve("tables").resolve(t.getFileName()));
      }
    }
    Path stamp = Files.createFile(dir.resolve("stamp"));
    Files.setLastModifiedTime(stamp, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
    String text = Files.readString(RULE, StandardCharsets.UTF_8);
    Files.writeString(rules.resolve("standalone").resolve(RULE.getFileName()),
        text.replace("    require: false\n", "    require: true\n"), StandardCharsets.UTF_8);
    // A brand-new rule: the same check under another VUID, whose invalid example also breaks 04653.
    String added = text.replace("OriginLowerLeft-04653", "OriginLowerLeft-99999")
        .replace("    invalid:\n    - |\n", "    invalid:\n    - also: [VUID-StandaloneSpirv-OriginLowerLeft-04653]\n      asm: |\n");
    int from = added.indexOf("      asm: |\n") + "      asm: |\n".length();
    int to = added.indexOf("    valid:");
    added = added.substring(0, from) + added.substring(from, to).replaceAll("(?m)^", "  ") + added.substring(to);
    Path rule = rules.resolve("standalone").resolve("VUID-StandaloneSpirv-OriginLowerLeft-99999.yaml");
    Files.writeString(rule, added, StandardCharsets.UTF_8);

    StringWriter stale = new StringWriter();
    String[] args = {"rule-check", "--spec-sources", Path.of("..", "spec-sources").toString(),
        "--tables", rules.resolve("tables").toString(), rule.toString()};
    assertEquals(0, Main.execute(args, new PrintWriter(stale, true), new PrintWriter(stale, true)), stale.toString());

    StringWriter fresh = new StringWriter();
    String[] withStamp = {"rule-check", "--fresh-after", stamp.toString(), "--spec-sources",
        Path.of("..", "spec-sources").toString(), "--tables", rules.resolve("tables").toString(), rule.toString()};
    assertEquals(1, Main.execute(withStamp, new PrintWriter(fresh, true), new PrintWriter(fresh, true)), fresh.toString());
    assertTrue(fresh.toString().contains("checkers: 1 compiled from the rule file(s) checked, 1 from rule files changed"
        + " since the build [VUID-StandaloneSpirv-OriginLowerLeft-04653], "), fresh.toString());
    assertTrue(fresh.toString().contains("left out (rule file gone)") && fresh.toString().contains(", 0 built"),
        fresh.toString());
    assertTrue(fresh.toString().contains("invalid 0") && fresh.toString().contains("FAIL"), fresh.toString());
  }
}
