package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code depends-on} is a set of BuiltIn values and {@code contained-types} a list of
 * instructions: they compile to the runtime's queries and take only their type's operators.
 * (Their meaning is tested in the runtime's DataFlowCasesTest and the rules' examples.)
 */
class DataFlowFieldsTest {
  private static CheckCompiler.Compiled compile(String check) {
    String text = String.join("\n",
        "vuid: VUID-StandaloneSpirv-None-00000",
        "extracted:",
        "  section: StandaloneSpirv",
        "authored:",
        "  status: declarative",
        "  reviewed-hash: x",
        "  message: A sentence.",
        "  check:",
        check.indent(4).stripTrailing(),
        "  examples: {invalid: [a], valid: [b]}",
        "");
    RuleFile r = RuleLoader.parse("r.yaml", text);
    return new CheckCompiler(LanguageAdditionsTest.GRAMMAR, new Tables(LanguageAdditionsTest.RULES.resolve("tables")))
        .compile(r.authored().check());
  }

  @Test
  void dependsOnIsASetOfBuiltIns() {
    String body = compile("for: {instruction: [OpSetMeshOutputsEXT]}\n"
        + "require: {path: Vertex Count.depends-on, has-none: [ViewIndex]}").body().toString();
    assertTrue(body.contains("f.dependsOn("), body);
    RuleError e = assertThrows(RuleError.class, () -> compile("for: {instruction: [OpSetMeshOutputsEXT]}\n"
        + "require: {path: Vertex Count.depends-on, is: 3}"));
    assertTrue(e.getMessage().startsWith("r.yaml:10:"), e.getMessage());
    assertTrue(e.getMessage().contains("set of BuiltIn"), e.getMessage());
  }

  @Test
  void containedTypesIsAListToQuantifyOver() {
    String body = compile("for: variable\nrequire:\n  none: pointee.contained-types\n"
        + "  satisfies: {path: opcode, is: OpTypeArray}").body().toString();
    assertTrue(body.contains("f.containedTypes(f.pointee(s))"), body);
    RuleError e = assertThrows(RuleError.class, () -> compile("for: variable\n"
        + "require: {path: pointee.contained-types, is: OpTypeArray}"));
    assertEquals(true, e.getMessage().contains("list of instruction"), e.getMessage());
  }
}
