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
  /** How the compiled body names the runtime's Logic (no imports in a code block). */
  private static final String LOGIC = "dev.vkrules.runtime.engine.Logic";

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
  void groupsAndPresenceOverEffectiveAskTheModuleFirst() {
    // every decoration the group's values read through effective(D) must be applied somewhere, or
    // no element takes part and the group holds without asking each
    String same = compile("for: entry-point\nrequire: {group: output-offsets, by: effective(XfbBuffer), "
        + "same: effective(XfbStride)}");
    assertTrue(same.contains("(!(f.anyDecoration(dev.vkrules.runtime.spirv.grammar.Decoration.XfbBuffer) && "
        + "f.anyDecoration(dev.vkrules.runtime.spirv.grammar.Decoration.XfbStride)) || " + LOGIC + ".groupSame("), same);
    String disjoint = compile("for: entry-point\nrequire:\n  group: output-offsets\n  by: effective(XfbBuffer)\n"
        + "  disjoint: {start: effective(Offset), size: data-type.size}");
    assertTrue(disjoint.contains("Decoration.XfbBuffer) && f.anyDecoration(dev.vkrules.runtime.spirv.grammar."
        + "Decoration.Offset)) || " + LOGIC + ".groupDisjoint("), disjoint);
    // no effective(D) among them: no guard
    String plain = compile("for: entry-point\nrequire:\n  group: referenced-variables\n"
        + "  where: {decorated: [InputAttachmentIndex]}\n  by: pointee.base.Sampled Type\n"
        + "  disjoint: {start: pointee.array-length, size: pointee.array-length}");
    assertFalse(plain.contains("anyDecoration"), plain);
    String present = compile("for: {decoration: [Offset]}\nrequire: {path: effective(XfbBuffer), present: true}");
    assertTrue(present.contains("(f.anyDecoration(dev.vkrules.runtime.spirv.grammar.Decoration.XfbBuffer) && "
        + LOGIC + ".present("), present);
    String absent = compile("for: {decoration: [Offset]}\nrequire: {path: effective(XfbBuffer), present: false}");
    assertTrue(absent.contains("!(f.anyDecoration(dev.vkrules.runtime.spirv.grammar.Decoration.XfbBuffer) && "), absent);
  }

  @Test
  void groupWhereSelectsTheElementsFirst() {
    // VUID-RuntimeSpirv-OpEntryPoint-08727: input attachment variables, keyed by an instruction
    // (their Sampled Type), ranges of indices from a variable's own decoration
    String code = compile("for: entry-point\nrequire:\n  group: referenced-variables\n"
        + "  where: {decorated: [InputAttachmentIndex]}\n  by: pointee.base.Sampled Type\n"
        + "  disjoint: {start: effective(InputAttachmentIndex), size: pointee.array-length}");
    assertTrue(code.contains("Logic.groupDisjoint(" + LOGIC + ".select(f.referencedVariables(s), "), code);
    // the where's decorations: one static array of the checker (a varargs call would make one per call)
    assertTrue(code.matches("(?s).*f\\.decorated\\(e2, T\\d+\\)\\), e2 -> \\(long\\) f\\.ref\\(f\\.base\\(f\\.pointee\\(e2\\)\\), .*"), code);
    assertTrue(code.contains("Decoration.InputAttachmentIndex), e2 -> (long) f.arrayLength(f.pointee(e2)))"), code);
    assertTrue(compile("for: entry-point\nrequire: {group: output-offsets, where: {path: member, is: 0}, "
        + "by: effective(XfbBuffer), same: effective(XfbStride)}").contains("Logic.groupSame(" + LOGIC + ".select("));
    assertEquals("r.yaml:10:50: 'path' cannot be combined with 'group'", error("for: entry-point\n"
        + "require: {group: output-offsets, by: target, path: member, same: member}"));
  }

  @Test
  void arrayLengthIsAnInteger() {
    String code = compile("for: variable\nrequire: {path: pointee.array-length, at-most: 8}");
    assertTrue(code.contains("f.arrayLength(f.pointee(s)) <= 8L"), code);
    assertEquals("r.yaml:10:47: expected an integer, got 'Input'",
        error("for: variable\nrequire: {path: pointee.array-length, is: Input}"));
  }

  @Test
  void effectiveNeedsADecorationOrAResultAndAKnownDecoration() {
    assertEquals("r.yaml:10:21: 'effective(XfbBuffer)' needs a decoration or an instruction with a result id, "
        + "which OpEntryPoint is not", error("for: entry-point\nrequire: {path: effective(XfbBuffer), is: 0}"));
    assertTrue(compile("for: variable\nrequire: {path: effective(InputAttachmentIndex), at-most: 7}")
        .contains("Decoration.InputAttachmentIndex) <= 7L"));
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
