package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.OracleLocator;
import dev.vkrules.runtime.cli.Main;
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
      assertEquals("vkrules rule-check: " + search.message() + "\n", out.toString());
    }
  }
}
