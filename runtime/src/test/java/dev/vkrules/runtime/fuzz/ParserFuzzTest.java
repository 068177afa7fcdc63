package dev.vkrules.runtime.fuzz;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.vkrules.runtime.model.EntryPoint;
import dev.vkrules.runtime.model.ModuleModel;
import dev.vkrules.runtime.spirv.ParseResult;
import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.TestModules;
import dev.vkrules.runtime.spirv.debug.SourceMap;
import dev.vkrules.runtime.spirv.text.Disassembler;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Mutated and truncated modules through parser, model and disassembler: nothing escapes, no
 * run takes more than a few seconds, and allocation stays within a multiple of the input.
 *
 * <p>Inputs come from a seeded generator, so a build always tries the same inputs and a
 * failure names the seed, the try and the input saved under {@code target/fuzz/crashers/}.
 * Other inputs: {@code -Dvkrules.fuzz.seed=S} (default 1), more of them:
 * {@code -Dvkrules.fuzz.tries-factor=N} (default 1).
 */
class ParserFuzzTest {
  /** Bytes allocated per input byte, plus a constant for the fixed-size tables. */
  static final long ALLOCATION_FACTOR = 64;
  static final long ALLOCATION_CONSTANT = 4 << 20;
  private static final long SEED = Long.getLong("vkrules.fuzz.seed", 1);
  private static final int FACTOR = Integer.getInteger("vkrules.fuzz.tries-factor", 1);
  private static final AtomicLong TRIED = new AtomicLong();
  private static final List<byte[]> SEEDS = TestModules.all().stream()
      .limit(400).map(TestModules::read).filter(b -> b.length < 64 * 1024).toList();

  /** Up to 16 byte-level mutations of a test module. */
  static byte[] mutated(Random rnd) {
    byte[] b = SEEDS.get(rnd.nextInt(SEEDS.size())).clone();
    int n = 1 + rnd.nextInt(16);
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
  }

  /** A test module cut at any byte. */
  static byte[] truncated(Random rnd) {
    byte[] s = SEEDS.get(rnd.nextInt(SEEDS.size()));
    return Arrays.copyOf(s, rnd.nextInt(s.length + 1));
  }

  /** A valid header (bound 0xffffffff) followed by up to 256 random bytes. */
  static byte[] randomBytesBehindAValidHeader(Random rnd) {
    byte[] tail = new byte[rnd.nextInt(257)];
    rnd.nextBytes(tail);
    byte[] b = new byte[20 + tail.length];
    byte[] header = {3, 2, 0x23, 7, 0, 3, 1, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff};
    System.arraycopy(header, 0, b, 0, header.length);
    System.arraycopy(tail, 0, b, 20, tail.length);
    return b;
  }

  @Test
  void mutatedModulesNeverEscape() {
    tryAll("mutated", 4000, ParserFuzzTest::mutated);
  }

  @Test
  void truncatedModulesNeverEscape() {
    tryAll("truncated", 1000, ParserFuzzTest::truncated);
  }

  @Test
  void randomBytesBehindAValidHeaderNeverEscape() {
    tryAll("random-tail", 500, ParserFuzzTest::randomBytesBehindAValidHeader);
  }

  private static void tryAll(String name, int tries, Function<Random, byte[]> inputs) {
    Random rnd = new Random(SEED ^ name.hashCode());
    for (int i = 0; i < tries * FACTOR; i++) {
      byte[] input = inputs.apply(rnd);
      try {
        exercise(input);
      } catch (Throwable t) {
        String saved = FuzzLoop.save(Path.of("target", "fuzz", "crashers"), input);
        throw new AssertionError(name + " input " + i + " of seed " + SEED + " (saved as " + saved + "): " + t, t);
      }
    }
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
        // findings are placed in the source through whatever debug information the module has
        SourceMap map = SourceMap.of(r.module());
        int n = r.module().instructionCount();
        for (int i = 0; i < n; i += 1 + n / 256) {
          map.resolve(r.module().offset(i));
        }
      }
      // Diagnostics show single instructions of any module, clean or not.
      Disassembler lines = Disassembler.lines(r.module(), true);
      for (int i = 0; i < r.module().instructionCount(); i++) {
        lines.line(i);
      }
    });
  }

  /** The queries checks make, on whatever the model holds. */
  private static void touch(ModuleModel m) {
    SpirvModule s = m.module();
    for (dev.vkrules.runtime.model.Function f : m.functions()) {
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

  @AfterAll
  static void report() {
    System.out.println("fuzz: " + TRIED.get() + " inputs tried through parser, model and disassembler");
  }

}
