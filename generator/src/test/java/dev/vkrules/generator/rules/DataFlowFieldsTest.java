package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code depends-on} is a set of BuiltIn values: it compiles to the runtime's query and takes
 * only a set's operators. (Its meaning is tested in the runtime's DataFlowCasesTest and the
 * rules' examples; {@code contained-types} in InterfacePredicatesTest.)
 */
class DataFlowFieldsTest {
  @Test
  void dependsOnIsASetOfBuiltIns() {
    String body = CheckFixture.compile("for: {instruction: [OpSetMeshOutputsEXT]}\n"
        + "require: {path: Vertex Count.depends-on, has-none: [ViewIndex]}").body().toString();
    assertTrue(body.contains("f.dependsOn("), body);
    String e = CheckFixture.error("for: {instruction: [OpSetMeshOutputsEXT]}\n"
        + "require: {path: Vertex Count.depends-on, is: 3}");
    assertTrue(e.startsWith("r.yaml:10:"), e);
    assertTrue(e.contains("set of BuiltIn"), e);
  }
}
