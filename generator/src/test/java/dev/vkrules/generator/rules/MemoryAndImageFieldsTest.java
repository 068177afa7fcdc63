package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The {@code memory-access} subject and the {@code root}, {@code image-type} and
 * {@code builtins} fields (their meaning on modules is exercised by the examples of the
 * rules that use them, e.g. Uniform-06925, OpImageTexelPointer-04658, VulkanMemoryModel-04679).
 */
class MemoryAndImageFieldsTest {
  private static CheckCompiler.Compiled compile(String check) {
    return CheckFixture.compile(check);
  }

  private static int opcode(String name) {
    return LanguageAdditionsTest.GRAMMAR.instructions().get(name).opcode();
  }

  private static String error(String check) {
    return CheckFixture.error(check);
  }

  @Test
  void writesSubscribeToStoresCopiesAndModifyingAtomicsOnly() {
    CheckCompiler.Compiled c = compile("for: {memory-access: write}\n"
        + "where: {path: operand.root.pointee.base, decorated: [Block]}\nrequire: false");
    assertTrue(c.opcodes().contains(opcode("OpStore")));
    assertTrue(c.opcodes().contains(opcode("OpCopyMemory")));
    assertTrue(c.opcodes().contains(opcode("OpAtomicIAdd")));
    assertTrue(c.opcodes().contains(opcode("OpAtomicFlagClear")));
    assertFalse(c.opcodes().contains(opcode("OpLoad")));
    assertFalse(c.opcodes().contains(opcode("OpAtomicLoad")));
  }

  @Test
  void readsSubscribeToLoadsCopiesAndReadingAtomicsOnly() {
    CheckCompiler.Compiled c = compile("for: {memory-access: read}\nrequire: {path: operand.storage-class, is: Output}");
    assertTrue(c.opcodes().contains(opcode("OpLoad")));
    assertTrue(c.opcodes().contains(opcode("OpCopyMemorySized")));
    assertTrue(c.opcodes().contains(opcode("OpAtomicLoad")));
    assertFalse(c.opcodes().contains(opcode("OpStore")));
    assertFalse(c.opcodes().contains(opcode("OpAtomicStore")));
  }

  @Test
  void readAndWriteOfOneCopyAreTwoOccurrences() {
    String table = compile("for: {memory-access: [read, write]}\nrequire: false").fields().get(0).toString();
    int copy = opcode("OpCopyMemory");
    // OpCopyMemory: Target (word 1) is written, Source (word 2) read
    assertTrue(table.contains(" " + copy + ", 1, " + copy + ", 2,") || table.contains(" " + copy + ", 2, " + copy + ", 1,"), table);
  }

  @Test
  void memoryAccessIsReadOrWrite() {
    assertEquals("r.yaml:9:26: memory-access is read or write, not 'modify'",
        error("for: {memory-access: modify}\nrequire: false"));
  }

  @Test
  void imageTypeNeedsAnImageOperand() {
    assertEquals("r.yaml:10:21: 'image-type' needs an Image or Sampled Image operand, which OpLoad lacks",
        error("for: {instruction: [OpImageQueryLevels, OpLoad]}\nrequire: {path: image-type.Sampled, is: 1}"));
    compile("for: {instruction: [OpImageQueryLevels, OpImageQueryLod]}\nrequire: {path: image-type.Sampled, is: 1}");
  }

  @Test
  void builtinsIsASetOfBuiltIns() {
    compile("for: variable\nrequire: {path: builtins, has-none: [RayTmaxKHR]}");
    assertTrue(error("for: variable\nrequire: {path: builtins, has-none: [RayTmax]}")
        .startsWith("r.yaml:10:42: unknown BuiltIn 'RayTmax'"));
  }
}
