package dev.vkrules.runtime.fuzz;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.vkrules.runtime.model.EntryPoint;
import dev.vkrules.runtime.model.Function;
import dev.vkrules.runtime.model.ModuleModel;
import dev.vkrules.runtime.spirv.ParseResult;
import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.TestModules;
import dev.vkrules.runtime.spirv.text.Disassembler;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Mutated and truncated modules through parser, model and disassembler: nothing escapes, no
 * run takes more than a few seconds, and allocation stays within a multiple of the input.
 */
class ParserFuzzTest {
  /** Bytes allocated per input byte, plus a constant for the fixed-size tables. */
  static final long ALLOCATION_FACTOR = 64;
  static final long ALLOCATION_CONSTANT = 4 << 20;
  private static final AtomicLong TRIED = new AtomicLong();
  private static final List<byte[]> SEEDS = TestModules.all().stream()
      .filter(p -> p.getFileName().toString().compareTo("") > 0)
      .limit(400).map(TestModules::read).filter(b -> b.length < 64 * 1024).toList();

  @Provide
  Arbitrary<byte[]> mutated() {
    Arbitrary<byte[]> seed = Arbitraries.of(SEEDS);
    Arbitrary<Integer> count = Arbitraries.integers().between(1, 16);
    Arbitrary<Long> random = Arbitraries.longs();
    return Combinators.combine(seed, count, random).as((s, n, r) -> {
      byte[] b = s.clone();
      java.util.Random rnd = new java.util.Random(r);
      for (int i = 0; i < n; i++) {
        int at = rnd.nextInt(b.length);
        switch (rnd.nextInt(5)) {
          case 0 -> b[at] ^= (byte) (1 << rnd.nextInt(8));
          case 1 -> b[at] = (byte) rnd.nextInt();
          case 2 -> { // a word count or opcode at a word boundary
            int w = at & ~3;
            b[w + 2] = (byte) rnd.nextInt();
            b[w + 3] = (byte) (rnd.nextBoolean() ? 0 : rnd.nextInt());
          }
          case 3 -> { // an id or bound becomes huge
            int w = at & ~3;
            b[w + 3] = (byte) 0xff;
          }
          default -> b[at] = 0;
        }
      }
      return b;
    });
  }

  @Provide
  Arbitrary<byte[]> truncated() {
    return Combinators.combine(Arbitraries.of(SEEDS), Arbitraries.doubles().between(0, 1))
        .as((s, f) -> java.util.Arrays.copyOf(s, (int) (s.length * f)));
  }

  @Property(tries = 4000)
  void mutatedModulesNeverEscape(@ForAll("mutated") byte[] bytes) {
    exercise(bytes);
  }

  @Property(tries = 1000)
  void truncatedModulesNeverEscape(@ForAll("truncated") byte[] bytes) {
    exercise(bytes);
  }

  @Property(tries = 500)
  void randomBytesBehindAValidHeaderNeverEscape(@ForAll byte[] tail) {
    byte[] b = new byte[20 + tail.length];
    byte[] header = {3, 2, 0x23, 7, 0, 3, 1, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff};
    System.arraycopy(header, 0, b, 0, header.length);
    System.arraycopy(tail, 0, b, 20, tail.length);
    exercise(b);
  }

  private static void exercise(byte[] bytes) {
    TRIED.incrementAndGet();
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
      long before = mx.getCurrentThreadAllocatedBytes();
      ParseResult r = SpirvParser.parse(bytes);
      ModuleModel m = ModuleModel.build(r.module());
      touch(m);
      long allocated = mx.getCurrentThreadAllocatedBytes() - before;
      assertTrue(allocated <= ALLOCATION_FACTOR * bytes.length + ALLOCATION_CONSTANT,
          "allocated " + allocated + " bytes for " + bytes.length + " input bytes");
      if (r.ok()) {
        Disassembler.disassemble(r.module());
        Disassembler.disassemble(r.module(), true, true);
      }
    });
  }

  /** The queries checks make, on whatever the model holds. */
  private static void touch(ModuleModel m) {
    SpirvModule s = m.module();
    for (Function f : m.functions()) {
      m.entryPointsReaching(f.id());
      m.executionModelsReaching(f.id());
    }
    for (EntryPoint e : m.entryPoints()) {
      e.executionModes();
      for (int id : e.interfaceIds()) {
        m.variable(id);
        m.decorations(id);
      }
    }
    for (int i = 0; i < s.instructionCount(); i++) {
      int id = s.resultId(i);
      if (id != 0) {
        m.type(id);
        m.constant(id);
        m.name(id);
        m.allDecorations(id);
        m.integerConstant(id);
      }
      for (int k = 0; k < s.operandCount(i); k++) {
        s.operandWord(i, k);
        s.operandWords(i, k);
      }
    }
  }

  @AfterContainer
  static void report() {
    System.out.println("fuzz: " + TRIED.get() + " inputs tried through parser, model and disassembler");
  }

}
