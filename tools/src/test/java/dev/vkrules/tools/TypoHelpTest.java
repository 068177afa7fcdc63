package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.generator.requirements.VkXmlExtensions;
import dev.vkrules.runtime.cli.Main;
import dev.vkrules.runtime.rules.RuleCatalog;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedSet;
import org.junit.jupiter.api.Test;

/**
 * A typo gets help, not silence: "did you mean" for subcommands, options and enumerated values;
 * VUIDs in short forms resolved from the rule catalog (or near ones named); coverage --extension
 * checked against the pinned vk.xml; a --spec-constant for a SpecId the module lacks is a warning
 * naming the ones it has. VUIDs and extension names come from the generated catalog and vk.xml.
 */
class TypoHelpTest {
  private static final Path ROOT = Path.of(System.getProperty("vkrules.root", "..")).toAbsolutePath().normalize();
  private static final String INVALID = ROOT.resolve("examples/shaders/invalid-integer-varying-not-flat.spv").toString();

  private record Result(int exit, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Result(exit, out.toString(), err.toString());
  }

  private static String firstLine(Result r) {
    return r.err().lines().findFirst().orElse("");
  }

  @Test
  void subcommandsOptionsAndValues() {
    Result sub = run("valdate", INVALID);
    assertEquals(2, sub.exit());
    assertTrue(firstLine(sub).contains("did you mean validate"), sub.err());
    Result option = run("validate", "--formt", "json", INVALID);
    assertEquals(2, option.exit());
    assertTrue(firstLine(option).endsWith(", did you mean --format"), option.err());
    Result value = run("validate", "--format", "jsno", INVALID);
    assertEquals(2, value.exit());
    assertTrue(firstLine(value).endsWith("but was 'jsno', did you mean json"), value.err());
    Result enumValue = run("coverage", "--format", "csvv");
    assertEquals(2, enumValue.exit());
    assertTrue(firstLine(enumValue).endsWith(", did you mean csv"), enumValue.err());
    // a value near none is not given a misleading neighbour
    Result far = run("validate", "--format", "xml", INVALID);
    assertEquals(2, far.exit());
    assertTrue(firstLine(far).endsWith("but was 'xml'"), far.err());
  }

  /** The VUID of the rule catalog whose number ends no other VUID, and its short forms. */
  @Test
  void vuidShortFormsAreResolved() {
    List<String> all = RuleCatalog.vuids();
    String vuid = all.stream().filter(v -> v.startsWith("VUID-StandaloneSpirv-"))
        .filter(v -> all.stream().filter(o -> o.endsWith(v.substring(v.lastIndexOf('-')))).count() == 1)
        .findFirst().orElseThrow();
    String[] parts = vuid.split("-");
    String number = parts[parts.length - 1];
    String named = parts[parts.length - 2] + "-" + number;
    Result full = run("validate", "--no-config", "--format", "json", "--ignore", vuid, INVALID);
    for (String shortForm : List.of(named, number)) {
      Result r = run("validate", "--no-config", "--format", "json", "--ignore", shortForm, INVALID);
      assertEquals(full.exit(), r.exit(), shortForm + ": " + r.err());
      assertEquals(full.out(), r.out(), shortForm);
    }
    // one digit off: refused, the intended VUID named in full
    String typo = parts[parts.length - 2] + "-" + number.substring(0, number.length() - 1)
        + (char) ('0' + (number.charAt(number.length() - 1) - '0' + 1) % 10);
    if (!RuleCatalog.known("VUID-StandaloneSpirv-" + typo)) {
      Result r = run("validate", "--no-config", "--ignore", typo, INVALID);
      assertEquals(2, r.exit());
      assertTrue(firstLine(r).contains("near: ") && firstLine(r).contains(vuid), r.err());
    }
  }

  @Test
  void coverageExtensionsAreCheckedAgainstVkXml() {
    SortedSet<String> known = VkXmlExtensions.read(ROOT.resolve("spec-sources/vk.xml"));
    String real = known.stream().filter(e -> e.startsWith("VK_KHR_") && e.length() > 12).findFirst().orElseThrow();
    // two letters of the name swapped
    int i = real.length() - 3;
    String typo = real.substring(0, i) + real.charAt(i + 1) + real.charAt(i) + real.substring(i + 2);
    String[] base = {"coverage", "--rules", ROOT.resolve("rules").toString(), "--spec", ROOT.resolve("spec-sources").toString(),
        "--spirv-val-list", ROOT.resolve("peers/spirv-val-2025.5.vuids").toString(), "--extension"};
    Result ok = run(concat(base, real));
    assertEquals(0, ok.exit(), ok.err());
    Result bad = run(concat(base, typo));
    assertEquals(2, bad.exit());
    assertEquals("", bad.out(), "no report for an extension that does not exist");
    assertTrue(firstLine(bad).contains("unknown extension '" + typo + "'") && firstLine(bad).endsWith("did you mean " + real),
        bad.err());
  }

  @Test
  void aSpecConstantTheModuleLacksIsAWarning() {
    String module = ROOT.resolve("examples/pipelines/specialized-compute/quads.comp.spv").toString();
    Result r = run("validate", "--no-config", "--spec-constant", "4000000=3", module);
    assertTrue(r.err().lines().anyMatch(l -> l.startsWith("vkrules: warning: " + module + ": --spec-constant 4000000=3:"
        + " the module declares no SpecId 4000000 (it declares ")), r.err());
    Result declared = run("validate", "--no-config", "--spec-constant", "0=8", module);
    assertTrue(declared.err().lines().noneMatch(l -> l.contains("declares no SpecId")), declared.err());
  }

  private static String[] concat(String[] a, String b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + 1);
    out[a.length] = b;
    return out;
  }
}
