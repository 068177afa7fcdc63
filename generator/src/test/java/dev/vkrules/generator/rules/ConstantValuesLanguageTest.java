package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * float-values, constant-value and bits(Kind) of constant operands, and the float tests (finite,
 * nan, at-least, at-most): what compiles, to which runtime calls, and the type errors. What the
 * calls compute is tested in the runtime's ConstantValuesTest.
 */
class ConstantValuesLanguageTest {
  private static final String TRACE = "for: {instruction: [OpTraceRayKHR]}\nrequire: ";

  private static String compile(String check) {
    return CheckFixture.compile(check).body().toString();
  }

  @Test
  void floatValuesTakeFiniteNanAndBounds() {
    String finite = compile(TRACE + "{path: Ray Origin.float-values, finite: true}");
    assertTrue(finite.contains("ConstantValues.finite(dev.vkrules.runtime.engine.module.ConstantValues.floats(f, ")
        || finite.contains("ConstantValues.finite(ConstantValues.floats(f, "), finite);
    assertTrue(compile(TRACE + "{path: Ray Tmax.float-values, nan: false}").contains("!"), "nan: false negates");
    String bound = compile(TRACE + "{path: Ray Tmin.float-values, at-least: 0}");
    assertTrue(bound.contains("atLeast(") && bound.contains(", 0.0)"), bound);
  }

  @Test
  void aFloatBoundMayBeAnotherOperandsSingleValue() {
    String body = compile(TRACE + "{path: Ray Tmin.float-values, at-most: Ray Tmax.float-values}");
    assertTrue(body.contains("atMost(") && body.contains("single("), body);
  }

  @Test
  void bitsReadsAnIntegerConstantAsANamedMask() {
    String body = compile(TRACE + "{path: Ray Flags.bits(RayFlags), at-most-one-of: [OpaqueKHR, NoOpaqueKHR]}");
    assertTrue(body.contains("ConstantValues.integer(f, ") && body.contains("RayFlags.OpaqueKHR"), body);
    assertTrue(compile("for: {instruction: [OpReportIntersectionKHR]}\nrequire: {path: HitKind.constant-value, at-most: 127}")
        .contains("ConstantValues.integer(f, "));
  }

  @Test
  void typeErrors() {
    assertTrue(CheckFixture.error(TRACE + "{path: Ray Flags.bits(Scope), has-any: [OpaqueKHR]}")
        .contains("'bits(Scope)' needs a mask operand kind"));
    assertTrue(CheckFixture.error(TRACE + "{path: Ray Flags.bits(RayFlags), has-any: [Opaque]}")
        .contains("unknown RayFlags 'Opaque'"));
    assertTrue(CheckFixture.error(TRACE + "{path: Ray Flags.constant-value, finite: true}")
        .contains("operator 'finite' applies to float values"));
    assertTrue(CheckFixture.error(TRACE + "{path: Ray Tmin.float-values, is: 1}")
        .contains("operator 'is' does not apply to a float values"));
    assertTrue(CheckFixture.error(TRACE + "{path: Ray Tmin.float-values, at-most: Ray Flags.constant-value}")
        .contains("a float bound is a number or a path to float values"));
    assertTrue(CheckFixture.error(TRACE + "{path: Ray Tmin.float-values, at-least: 1x}")
        .contains("expected a number, got '1x'"));
  }
}
