package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Parameters of mask bits ({@code MemoryAccess.Aligned}), {@code largest-scalar-size} and
 * {@code multiple-of} a path: what compiles to which runtime call, and the type errors. The
 * runtime side runs in the examples of VUID-StandaloneSpirv-PhysicalStorageBuffer64-06314.
 */
class MaskParameterLanguageTest {
  private static final String LOAD = "for: {instruction: [OpLoad]}\nrequire: ";

  private static String compile(String check) {
    return CheckFixture.compile(check).body().toString();
  }

  private static String error(String check) {
    return CheckFixture.error(check);
  }

  @Test
  void alignedIsTheParameterAfterTheMask() {
    // Volatile (0x1) has no parameter, so no bit before Aligned (0x2) shifts it
    String body = compile(LOAD + "{path: MemoryAccess.Aligned, at-least: 4}");
    assertTrue(body.contains("f.maskParameter(s, T0, 2L, 0L) >= 4L"), body);
  }

  @Test
  void laterParametersCountTheEarlierOnes() {
    // MakePointerAvailable (0x8) follows Aligned's literal when both are set
    String body = compile(LOAD + "{path: MemoryAccess.MakePointerAvailable, is: Device}");
    assertTrue(body.contains("f.maskParameter(s, T0, 8L, 2L)"), body);
  }

  @Test
  void multipleOfAPathComparesIntegers() {
    String body = compile(LOAD + "{path: MemoryAccess.Aligned, multiple-of: type.largest-scalar-size}");
    assertTrue(body.contains("Logic.multipleOf(f.maskParameter(s, T0, 2L, 0L), f.largestScalarSize(f.typeOf(s)))"),
        body);
    assertTrue(error(LOAD + "{path: MemoryAccess.Aligned, multiple-of: type}").contains("compares integers"));
  }

  @Test
  void aBitWithoutParametersIsNoField() {
    assertTrue(error(LOAD + "{path: MemoryAccess.Volatile, is: 1}").contains("has no field 'Volatile'"));
  }
}
