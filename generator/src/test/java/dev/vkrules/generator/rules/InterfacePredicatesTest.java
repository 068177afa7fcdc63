package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The additions for interface rules: the {@code interface:} predicate (its meaning is tested
 * in the runtime's InterfaceSlotsTest), the {@code contained-types} and
 * {@code member-decorations} fields and {@code module.spirv-version}.
 */
class InterfacePredicatesTest {
  private static String compile(String check) {
    return CheckFixture.compile(check).toString();
  }

  private static String error(String check) {
    return CheckFixture.error(check);
  }

  @Test
  void eachFormCallsItsRuntimeQueryWithNamedEnumerantValues() {
    assertTrue(compile("for: entry-point\nrequire: {interface: Output, unique: slots-across-variables}")
        .contains("InterfaceSlots.uniqueSlots(f, s, 3L, true)"));
    assertTrue(compile("for: entry-point\nrequire: {interface: Input, unique: slots-within-variables}")
        .contains("InterfaceSlots.uniqueSlots(f, s, 1L, false)"));
    assertTrue(compile("for: entry-point\nrequire: {interface: Input, unique: built-ins}")
        .contains("InterfaceSlots.uniqueBuiltIns(f, s, 1L)"));
    assertTrue(compile("for: entry-point\nrequire: {interface: Input, same-per-location: [Flat, Sample]}")
        .contains("InterfaceSlots.samePerLocation(f, s, 1L, 14L, 17L)"));
  }

  @Test
  void interfaceNeedsAnEntryPointSubject() {
    assertEquals("r.yaml:10:15: 'interface' needs an entry point subject (for: entry-point), not instruction [OpVariable]",
        error("for: variable\nrequire: {interface: Input, unique: built-ins}"));
  }

  @Test
  void interfaceArgumentsAreChecked() {
    assertEquals("r.yaml:10:26: 'interface' is Input or Output, got 'Uniform'",
        error("for: entry-point\nrequire: {interface: Uniform, unique: built-ins}"));
    assertEquals("r.yaml:10:41: 'unique' is one of [slots-across-variables, slots-within-variables, built-ins],"
        + " got 'built-in', did you mean built-ins",
        error("for: entry-point\nrequire: {interface: Input, unique: built-in}"));
    assertEquals("r.yaml:10:14: 'interface' needs exactly one of unique, same-per-location",
        error("for: entry-point\nrequire: {interface: Input}"));
  }

  @Test
  void typeAndModuleFields() {
    assertTrue(compile("for: variable\nrequire:\n  none: pointee.contained-types\n"
        + "  satisfies: {path: member-decorations, has-any: [Offset]}").contains("TypeTree.contained(f, f.pointee(s))"));
    assertTrue(compile("for: module\nrequire: {path: module.spirv-version, at-least: 105}").contains("f.module().version()"));
    assertEquals("r.yaml:10:46: operator 'is' does not apply to a list of instruction; use present",
        error("for: variable\nrequire: {path: pointee.contained-types, is: 1}"));
  }
}
