package dev.vkrules.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vkrules.generator.rules.RuleFile;
import dev.vkrules.generator.rules.RuleLoader;
import dev.vkrules.runtime.support.ExampleAssembler;
import dev.vkrules.runtime.support.ExampleRunner;
import dev.vkrules.runtime.support.Oracle;
import dev.vkrules.runtime.support.OracleLocator;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.rules.CheckerRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The oracle cross-check (skipped, with the locator's message, when the SPIRV-Tools matching the
 * pinned spec is not found; see {@link OracleLocator}): every rule example is assembled with
 * {@code spirv-as} and judged by {@code spirv-val --target-env}. A valid example must pass
 * spirv-val; an invalid example of a VUID that SPIRV-Tools version can report (its peer list in
 * {@code peers/}, named by {@code peers/spirv-tools-releases.tsv}) must fail there with that VUID, unless the example's {@code spirv-val} key documents why spirv-val rejects
 * it under another VUID (it must still reject it); and vkrules' own assembler (which the
 * generated tests use) must write the same words as spirv-as. Writes the agreement table to {@code target/oracle/agreement.md}.
 * An example with a {@code pipeline:} runs as a stage of that pipeline on our side; spirv-val, which
 * knows no pipeline state, judges its module alone (so a pipeline-state VUID is one it does not check).
 */
class OracleAgreementTest {
  static final Path ROOT = Path.of(System.getProperty("vkrules.root", ".."));

  /** One example's verdicts: ours (the rule's own expectation held) and spirv-val's. */
  record Row(String vuid, boolean invalid, int index, String target, boolean ours, Oracle.Verdict theirs,
      String assemblers) {}

  @Test
  void everyExampleAgreesWithSpirvVal() throws IOException {
    OracleLocator.Search search = OracleLocator.locate(ROOT);
    System.out.println(search.message());
    assumeTrue(search.found(), search.message());
    Oracle oracle = search.oracle().orElseThrow();
    assumeTrue(oracle.vuids() != null && Files.isRegularFile(oracle.vuids()), "no oracle cross-check: "
        + OracleLocator.RELEASES + " names no peer list of the VUIDs SPIRV-Tools " + oracle.version()
        + " can report (or it is missing: " + oracle.vuids() + ")");
    SortedSet<String> known = peerList(oracle.vuids());
    List<RuleFile> rules = RuleLoader.loadAll(ROOT.resolve("rules")).stream().filter(RuleFile::executable).toList();
    assertTrue(!rules.isEmpty(), "no executable rules under " + ROOT.resolve("rules"));
    List<Row> rows = new ArrayList<>();
    for (RuleFile r : rules) {
      for (boolean invalid : new boolean[] {true, false}) {
        List<RuleFile.Example> examples = invalid ? r.authored().invalid() : r.authored().valid();
        for (int i = 0; i < examples.size(); i++) {
          rows.add(new Row(r.vuid(), invalid, i, null, false, null, null));
        }
      }
    }
    List<Row> judged = rows.parallelStream().map(row -> judge(oracle, rules, row)).toList();
    List<String> problems = new ArrayList<>();
    for (Row row : judged) {
      String where = row.vuid() + (row.invalid() ? " invalid " : " valid ") + row.index() + " (" + row.target() + ")";
      String said = Oracle.describe(row.theirs(), row.vuid(), row.invalid());
      if (row.assemblers() != null) {
        problems.add(where + ": " + row.assemblers());
      }
      if (!row.invalid() && !row.theirs().accepted()) {
        problems.add(where + ": spirv-val " + said);
      } else if (row.invalid() && known.contains(row.vuid()) && !said.endsWith("(agrees)")) {
        String why = example(rules, row).spirvVal();
        // An invalid example spirv-val accepts (it knows the VUID but not this case) or rejects
        // under another VUID agrees only when the example says why in its spirv-val: reason.
        if (why == null) {
          problems.add(where + ": spirv-val knows this VUID but " + said + ", and the example does not say why");
        } else {
          System.out.println(where + ": spirv-val " + said + "; documented: " + why);
        }
      }
    }
    String table = AgreementTable.render(judged, known, oracle.version());
    Path out = Path.of("target", "oracle");
    Files.createDirectories(out);
    Path tmp = Files.createTempFile(out, "agreement", ".tmp");
    Files.writeString(tmp, table, StandardCharsets.UTF_8);
    Files.move(tmp, out.resolve("agreement.md"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    System.out.print(table);
    assertTrue(problems.isEmpty(), "spirv-val disagrees:\n" + String.join("\n", problems));
  }

  private static RuleFile.Example example(List<RuleFile> rules, Row row) {
    RuleFile r = rules.stream().filter(x -> x.vuid().equals(row.vuid())).findFirst().orElseThrow();
    return (row.invalid() ? r.authored().invalid() : r.authored().valid()).get(row.index());
  }

  private static Row judge(Oracle oracle, List<RuleFile> rules, Row row) {
    RuleFile r = rules.stream().filter(x -> x.vuid().equals(row.vuid())).findFirst().orElseThrow();
    RuleFile.Example e = example(rules, row);
    Target target = ExampleRunner.targetFor(e.targetEnv(), r.conditionString());
    ExampleRunner.Outcome ours = ExampleRunner.run(CheckerRegistry.all(), r.vuid(), r.conditionString(), row.invalid(),
        e.targetEnv(), e.asm(), e.deviceJson(ROOT.resolve("rules/tables")), e.pipelineJson(), e.also());
    return new Row(row.vuid(), row.invalid(), row.index(), target.envName(), ours.passed(), oracle.run(e.asm(), target),
        compareAssemblers(oracle, e.asm(), target));
  }

  /** Null when vkrules' assembler and spirv-as produce the same words (the generator word aside). */
  static String compareAssemblers(Oracle oracle, String asm, Target target) {
    try {
      byte[] ours = ExampleAssembler.assemble(asm, target);
      byte[] theirs = oracle.spirvAs(asm, target);
      if (ours.length != theirs.length) {
        return "vkrules' assembler wrote " + ours.length / 4 + " words, spirv-as " + theirs.length / 4;
      }
      for (int i = 0; i < ours.length; i++) {
        if (ours[i] != theirs[i] && i / 4 != 2) {
          return "vkrules' assembler and spirv-as differ at word " + i / 4;
        }
      }
      return null;
    } catch (IOException e) {
      return e.getMessage();
    }
  }

  static SortedSet<String> peerList(Path file) throws IOException {
    SortedSet<String> out = new TreeSet<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String l = line.strip();
      if (!l.isEmpty() && !l.startsWith("#")) {
        out.add(l);
      }
    }
    return out;
  }
}
