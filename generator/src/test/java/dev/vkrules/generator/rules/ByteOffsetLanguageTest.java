package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code byte-offset} (a pointer's constant offset from its variable) and {@code scalar-alignment}
 * (a type's scalar alignment): what compiles to which runtime call, and the type errors. The
 * runtime side is in ByteOffsetTest and the examples of VUID-RuntimeSpirv-OpTypeUntypedPointerKHR-11166.
 */
class ByteOffsetLanguageTest {
  private static final String LOAD = "for: {instruction: [OpLoad]}\nrequire: ";

  @Test
  void anOffsetIsAMultipleOfAnAlignment() {
    String body = CheckFixture.compile(LOAD + "{path: Pointer.byte-offset, multiple-of: type.scalar-alignment}")
        .body().toString();
    assertTrue(body.contains("Logic.multipleOf(f.byteOffset(f.ref(s, T0)), f.scalarAlignment(f.typeOf(s)))"), body);
  }

  @Test
  void bothAreIntegers() {
    String body = CheckFixture.compile(LOAD + "{path: Pointer.byte-offset, at-most: 16}").body().toString();
    assertTrue(body.contains("f.byteOffset(f.ref(s, T0)) <= 16L"), body);
    assertTrue(CheckFixture.error(LOAD + "{path: type.scalar-alignment, in: [OpTypeInt]}").contains("integer"));
    assertTrue(CheckFixture.error(LOAD + "{path: Pointer.byte-offset, multiple-of: type}").contains("compares integers"));
  }

  @Test
  void anOffsetIsNoInstruction() {
    assertTrue(CheckFixture.error(LOAD + "{path: Pointer.byte-offset.opcode, is: OpVariable}").contains("opcode"));
  }
}
