package dev.vkrules.runtime.spirv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The parser's quick path (simple instructions read in one loop) gives the same module and
 * the same problems as the general walk: on every test module, and on seeded mutations of them
 * that break what the quick path must hand back to the general walk (ids 0 or past the bound,
 * a result id defined twice, word counts that do not fit the layout, operands swapped).
 */
class QuickPathTest {
  @Test
  void testModulesParseTheSameBothWays() {
    int compared = 0;
    int instructions = 0;
    for (var p : TestModules.all()) {
      int[] words = words(TestModules.read(p));
      instructions += same(p.toString(), words);
      compared++;
    }
    assertTrue(compared > 100, "only " + compared + " test modules");
    assertTrue(instructions > 100_000, "only " + instructions + " instructions compared");
  }

  @Test
  void mutatedModulesParseTheSameBothWays() {
    List<int[]> seeds = new ArrayList<>();
    for (var p : TestModules.all()) {
      int[] w = words(TestModules.read(p));
      if (w.length > 5 && w.length < 16 * 1024) {
        seeds.add(w);
      }
      if (seeds.size() == 300) {
        break;
      }
    }
    Random rnd = new Random(23);
    int withProblems = 0;
    for (int t = 0; t < 3000; t++) {
      int[] w = seeds.get(rnd.nextInt(seeds.size())).clone();
      int n = 1 + rnd.nextInt(4);
      for (int i = 0; i < n; i++) {
        int at = 5 + rnd.nextInt(w.length - 5);
        switch (rnd.nextInt(6)) {
          case 0 -> w[at] = 0; // an id (or anything) becomes 0
          case 1 -> w[at] = w[3] + rnd.nextInt(3); // at or past the bound
          case 2 -> w[at] = 1 + rnd.nextInt(Math.max(1, w[3] - 1)); // another id: maybe defined twice
          case 3 -> w[at] ^= 1 << (16 + rnd.nextInt(3)); // a word count changes (or a literal)
          case 4 -> w[at] = -1 - rnd.nextInt(4); // ids of 2^31 and above
          default -> { // two words swap
            int other = 5 + rnd.nextInt(w.length - 5);
            int v = w[at];
            w[at] = w[other];
            w[other] = v;
          }
        }
      }
      same("mutation " + t + " of seed 23", w);
      withProblems += SpirvParser.parse(w, true).ok() ? 0 : 1;
    }
    // the mutations reach the error paths: most mutated modules have problems, some do not
    assertTrue(withProblems > 1000 && withProblems < 3000, withProblems + " of 3000 mutated modules with problems");
  }

  /** Parses both ways and compares everything a reader can ask; returns the instruction count. */
  private static int same(String name, int[] words) {
    ParseResult quick = SpirvParser.parse(words, true);
    ParseResult general = SpirvParser.parse(words, false);
    assertEquals(general.totalDiagnostics(), quick.totalDiagnostics(), name);
    assertEquals(general.diagnostics(), quick.diagnostics(), name);
    SpirvModule a = general.module();
    SpirvModule b = quick.module();
    assertEquals(a.instructionCount(), b.instructionCount(), name);
    for (int i = 0; i < a.instructionCount(); i++) {
      String at = name + ", instruction " + i;
      assertEquals(a.offset(i), b.offset(i), at);
      assertEquals(a.end(i), b.end(i), at);
      assertEquals(a.operandCount(i), b.operandCount(i), at);
      for (int k = 0; k < a.operandCount(i); k++) {
        assertEquals(a.operandOffset(i, k), b.operandOffset(i, k), at + ", operand " + k);
        assertEquals(a.operandKind(i, k), b.operandKind(i, k), at + ", operand " + k);
        assertEquals(a.operandWords(i, k), b.operandWords(i, k), at + ", operand " + k);
      }
      int result = a.resultId(i);
      if (result != 0) {
        assertEquals(a.definition(result), b.definition(result), at + ", definition of %" + result);
      }
      List<Integer> idsA = new ArrayList<>();
      List<Integer> idsB = new ArrayList<>();
      a.idOperands(i, idsA::add);
      b.idOperands(i, idsB::add);
      assertEquals(idsA, idsB, at);
    }
    assertEquals(a.definitions().size(), b.definitions().size(), name);
    return a.instructionCount();
  }

  private static int[] words(byte[] bytes) {
    int[] w = new int[bytes.length / 4];
    ByteBuffer.wrap(bytes, 0, w.length * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(w);
    return w;
  }
}
