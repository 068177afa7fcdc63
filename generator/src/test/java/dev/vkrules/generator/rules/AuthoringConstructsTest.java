package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Constructs added for the image, transform-feedback and decoration rules: image fields,
 * per-group agreement and ranges, products, struct-member decorations, decoration
 * parameters as operands, and enumerants enabled in Vulkan. Each compiles where it
 * applies and is a type error elsewhere; values derived from data are checked against it.
 */
class AuthoringConstructsTest {
  static final Path ROOT = Path.of("..");
  static final RuleGrammar GRAMMAR = RuleGrammar.load(ROOT.resolve("spec-sources"));
  static final Path TABLES = ROOT.resolve("rules/tables");

  private static String compile(String check) {
    CheckCompiler.Compiled c = CheckFixture.compile(check);
    return c.body() + "\n" + c.fields();
  }

  private static String error(String check) {
    return CheckFixture.error(check);
  }

  @Test
  void imageFieldsNeedImageInstructions() {
    assertTrue(compile("for: {instruction: [OpImageFetch, OpImageTexelPointer]}\n"
        + "require: {path: access-signedness, is: 1}").contains("f.accessSignedness("));
    assertTrue(error("for: {instruction: [OpTypeImage]}\nrequire: {path: image-operands, has-any: [SignExtend]}")
        .contains("field 'image-operands' needs an Image Operands operand, which OpTypeImage lacks"));
  }

  @Test
  void isNotNarrowsToTheOtherOpcodes() {
    assertTrue(compile("for: {instruction: [OpTypeImage, OpImageFetch]}\nrequire:\n"
        + "  if: {path: opcode, is-not: OpTypeImage}\n  then: {path: image-operands, has-none: [SignExtend]}")
        .contains("f.optionalWord("));
    assertTrue(error("for: {instruction: [OpTypeImage, OpImageFetch]}\n"
        + "require: {path: image-operands, has-none: [SignExtend]}").contains("which OpTypeImage lacks"));
  }

  @Test
  void groupNeedsSameOrDisjoint() {
    assertTrue(compile("for: entry-point\nrequire: {group: output-offsets, by: effective(XfbBuffer), "
        + "same: effective(XfbStride)}").contains("Logic.groupSame("));
    assertTrue(compile("for: entry-point\nrequire:\n  group: output-offsets\n  by: effective(XfbBuffer)\n"
        + "  disjoint: {start: effective(Offset), size: data-type.size}").contains("Logic.groupDisjoint("));
    assertEquals("r.yaml:10:14: 'group' needs one of same, disjoint",
        error("for: entry-point\nrequire: {group: output-offsets, by: effective(XfbBuffer)}"));
  }

  @Test
  void effectiveNeedsADecorationAndAKnownDecoration() {
    assertTrue(error("for: entry-point\nrequire: {path: effective(XfbBuffer), is: 0}")
        .contains("'effective(XfbBuffer)' needs a decoration instruction"));
    assertTrue(error("for: {decoration: [Offset]}\nrequire: {path: effective(XfbBufer), is: 0}")
        .contains("unknown Decoration 'XfbBufer'"));
  }

  @Test
  void timesMultipliesIntegersOnly() {
    assertTrue(compile("for: {execution-mode: [LocalSize]}\nrequire: {path: x size, times: [y size, z size], "
        + "multiple-of: 4}").contains(" * "));
    assertTrue(error("for: variable\nrequire: {path: storage-class, times: 2, is: Input}")
        .contains("'times' multiplies integers"));
  }

  @Test
  void memberDecorationOperatorsApplyToInstructions() {
    assertTrue(compile("for: variable\nrequire: {path: pointee.base, members-decorated: [Location]}")
        .contains("f.membersDecorated("));
    assertTrue(error("for: variable\nrequire: {path: storage-class, some-member-decorated: [Location]}")
        .contains("operator 'some-member-decorated' does not apply"));
  }

  @Test
  void uniformIdScopeIsAnExecutionScopeOperand() {
    String uniformId = Long.toString(GRAMMAR.kinds().get("Decoration").enumerants().get("UniformId").value());
    String code = compile("for: {operand-kind: IdScope, named: [Execution]}\nrequire: {path: operand, is: Subgroup}");
    assertTrue(code.contains("f.operandsOfKind(s, "), code);
    // the decoration table maps UniformId to its parameter index 0
    assertTrue(code.contains("Positions.multi(" + uniformId + ", 0)"), code);
  }

  @Test
  void enabledInVulkanFollowsTheCapabilityTable() {
    var builtIns = GRAMMAR.kinds().get("BuiltIn").enumerants();
    var enabled = new VulkanEnabled(TABLES).values(GRAMMAR, "BuiltIn");
    // Kernel-only built-ins are not enabled; built-ins needing Shader are.
    builtIns.values().stream().filter(e -> e.capabilities().equals(java.util.List.of("Kernel")))
        .forEach(e -> assertFalse(enabled.contains(e.value()), e.name()));
    builtIns.values().stream().filter(e -> e.capabilities().equals(java.util.List.of("Shader")))
        .forEach(e -> assertTrue(enabled.contains(e.value()), e.name()));
  }
}
