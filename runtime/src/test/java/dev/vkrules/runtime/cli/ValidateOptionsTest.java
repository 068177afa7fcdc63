package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.runtime.support.ExampleAssembler;
import dev.vkrules.runtime.engine.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code vkrules validate}'s options: bounded findings, --fail-on, --allow-empty, one-line errors. */
class ValidateOptionsTest {
  static final int BREAKS = 25;

  @TempDir Path dir;

  /**
   * A compute shader naming the CrossWorkgroup storage class {@code n} times (one pointer type,
   * n - 1 variables), which VUID-StandaloneSpirv-None-04643's list of storage classes leaves out:
   * each breaks the same rule.
   */
  static String manyBreaks(int n) {
    String vars = IntStream.range(1, n).mapToObj(i -> "%v" + i + " = OpVariable %ptr CrossWorkgroup")
        .collect(Collectors.joining("\n"));
    return String.join("\n", "OpCapability Shader", "OpMemoryModel Logical GLSL450",
        "OpEntryPoint GLCompute %main \"main\"", "OpExecutionMode %main LocalSize 1 1 1", "%void = OpTypeVoid",
        "%fn = OpTypeFunction %void", "%uint = OpTypeInt 32 0", "%ptr = OpTypePointer CrossWorkgroup %uint", vars,
        "%main = OpFunction %void None %fn", "%entry = OpLabel", "OpReturn", "OpFunctionEnd", "");
  }

  private Path write(String name, String asm) throws Exception {
    Path p = dir.resolve(name);
    Files.write(p, ExampleAssembler.assemble(asm, Target.VULKAN_1_3));
    return p;
  }

  /** Errors per VUID in a JSON report. */
  private static Map<String, Integer> errorsByVuid(String json) throws Exception {
    Map<String, Integer> n = new TreeMap<>();
    for (JsonNode d : new ObjectMapper().readTree(json).at("/files/0/diagnostics")) {
      if (d.get("severity").asText().equals("error") && d.get("word").asInt() >= 0) {
        n.merge(d.get("vuid").asText(), 1, Integer::sum);
      }
    }
    return n;
  }

  @Test
  void findingsAreCappedPerRuleAndTheRestCounted() throws Exception {
    String file = write("many.spv", manyBreaks(BREAKS)).toString();
    ValidateCommandTest.Run all = ValidateCommandTest.run("validate", "--all-findings", "--format", "json", file);
    Map<String, Integer> every = errorsByVuid(all.out());
    String vuid = every.entrySet().stream().filter(e -> e.getValue() == BREAKS).map(Map.Entry::getKey)
        .findFirst().orElseThrow(() -> new AssertionError("no rule fired " + BREAKS + " times: " + every));

    ValidateCommandTest.Run capped = ValidateCommandTest.run("validate", "--format", "json", file);
    assertEquals(1, capped.exit());
    assertEquals(20, errorsByVuid(capped.out()).get(vuid));
    assertTrue(capped.out().contains("and " + (BREAKS - 20) + " more findings of this rule"), capped.out());

    ValidateCommandTest.Run three = ValidateCommandTest.run("validate", "--max-findings-per-rule", "3", file);
    assertEquals(3, three.out().lines().filter(l -> l.startsWith(file + ": [" + vuid + "] ")
        && !l.contains(" more finding")).count(), three.out());
    assertTrue(three.out().contains(file + ": [" + vuid + "] \u2026 and " + (BREAKS - 3) + " more findings"),
        three.out());

    ValidateCommandTest.Run sarif = ValidateCommandTest.run("validate", "--format", "sarif",
        "--max-findings-per-rule", "2", file);
    long results = new ObjectMapper().readTree(sarif.out()).at("/runs/0/results").findValues("ruleId").stream()
        .filter(id -> id.asText().equals(vuid)).count();
    assertEquals(3, results, "two findings and the count of the rest");
  }

  @Test
  void zeroFindingsPerRuleIsAUsageError() throws Exception {
    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--max-findings-per-rule", "0",
        write("ok.spv", ValidateCommandTest.CLEAN).toString());
    assertEquals(2, r.exit());
  }

  @Test
  void failOnNeedsDeviceInformationMakesUndecidedRulesFail() throws Exception {
    // Int64 is allowed only with a device feature: undecided without a profile.
    String file = write("int64.spv", ValidateCommandTest.CLEAN.replace("OpCapability Shader",
        "OpCapability Shader\nOpCapability Int64")).toString();
    ValidateCommandTest.Run lenient = ValidateCommandTest.run("validate", file);
    assertEquals(0, lenient.exit(), lenient.out());
    assertTrue(lenient.out().contains("needs device information"), lenient.out());
    // a finding that fails the run is listed in full, not only named in the module's undecided line
    for (List<String> strictArgs : List.of(List.of("--fail-on", "needs-device-information"),
        List.of("--fail-on", "warning,needs-device-information"), List.of("--fail-on", "warning", "--fail-on=needs-device-information"))) {
      List<String> args = new java.util.ArrayList<>(List.of("validate"));
      args.addAll(strictArgs);
      args.add(file);
      ValidateCommandTest.Run strict = ValidateCommandTest.run(args.toArray(String[]::new));
      assertEquals(1, strict.exit(), strictArgs + ": " + strict.out());
      assertTrue(strict.out().contains(": needs device information: [VUID-"), strict.out());
      assertFalse(strict.out().contains(": undecided: "), strict.out());
    }
    // a level that is none: one line naming the levels
    ValidateCommandTest.Run bad = ValidateCommandTest.run("validate", "--fail-on", "error,needs-device-info", file);
    assertEquals(2, bad.exit());
    assertTrue(bad.err().startsWith("vkrules: unknown --fail-on level 'needs-device-info', expected one or more of error,"
        + " warning, needs-device-information, needs-pipeline-description, run-time"), bad.err());
  }

  @Test
  void aDirectoryWithoutModulesIsAnErrorUnlessAllowed() throws Exception {
    Files.writeString(dir.resolve("notes.txt"), "not a module");
    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", dir.toString());
    assertEquals(2, r.exit());
    assertEquals("vkrules: no .spv files in " + dir + " (--allow-empty accepts that)\n", r.err());
    ValidateCommandTest.Run allowed = ValidateCommandTest.run("validate", "--allow-empty", dir.toString());
    assertEquals(0, allowed.exit(), allowed.err());
    assertTrue(allowed.out().startsWith("0 modules: "), allowed.out());
  }

  @Test
  void aMissingFileIsOneLineWithoutUsageOrClassNames() {
    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", dir.resolve("absent.spv").toString());
    assertEquals(2, r.exit());
    assertEquals("vkrules: no such file or directory: " + dir.resolve("absent.spv") + "\n", r.err());
  }

  @Test
  void aDirectoryNamedLikeAModuleIsWalkedNotRead() throws Exception {
    write("ok.spv", ValidateCommandTest.CLEAN);
    Files.createDirectories(dir.resolve("trap.spv"));
    Files.writeString(dir.resolve("trap.spv/inner.spv"), "");
    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", dir.toString());
    // The empty file is malformed, the clean one clean: both get verdicts.
    assertEquals(1, r.exit(), r.out() + r.err());
    assertTrue(r.out().endsWith("2 modules: 1 clean, 0 invalid, 1 malformed\n"), r.out());
  }

  @Test
  void aUsageErrorIsOneLinePlusAHint() {
    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--no-such-option", "x.spv");
    assertEquals(2, r.exit());
    assertEquals(2, r.err().lines().count(), r.err());
    assertTrue(r.err().lines().toList().get(1).equals("try 'vkrules validate --help'"), r.err());
    ValidateCommandTest.Run none = ValidateCommandTest.run("frobnicate");
    assertEquals(2, none.exit());
    assertEquals(2, none.err().lines().count(), none.err());
  }
}
