package dev.vkrules.runtime.fuzz;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.spirv.ParseResult;
import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.TestModules;
import dev.vkrules.runtime.spirv.text.Assembler;
import dev.vkrules.runtime.spirv.text.AssemblyException;
import dev.vkrules.runtime.spirv.text.Disassembler;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Assembly text is untrusted input of {@code vkrules as} and of every rule example: mutated
 * disassembly of the test modules either assembles (and the words parse) or fails with one line
 * that ends with its position, never with another exception. Seeded like {@link ParserFuzzTest}
 * ({@code -Dvkrules.fuzz.seed=S}, {@code -Dvkrules.fuzz.tries-factor=N}).
 */
class AssemblerFuzzTest {
  private static final long SEED = Long.getLong("vkrules.fuzz.seed", 1);
  private static final int FACTOR = Integer.getInteger("vkrules.fuzz.tries-factor", 1);
  private static final Pattern ONE_LINE_WITH_POSITION = Pattern.compile("[^\\n]* at line \\d+, column \\d+");
  /** Tokens that change what a line means: sigils, quotes, numbers at the edges of their types, masks. */
  private static final String[] TOKENS = {"%", "\"", "\\", "=", "|", " ", "\n", "!", "0x", "-", ".", "e",
      "4294967295", "4294967296", "-2147483649", "0x1p+128", "nan", "inf", "%0", "%4294967295", "None",
      "Shader", "OpTypeInt", "OpConstant", "OpExtInst", "OpSwitch", "OpDecorate", ";", "\u00e9", "\0"};
  private static final List<String> SEEDS = TestModules.all().stream()
      .limit(300).map(TestModules::read).filter(b -> b.length < 16 * 1024)
      .map(b -> {
        ParseResult r = SpirvParser.parse(b);
        return r.ok() ? Disassembler.disassemble(r.module(), true, false) : null;
      })
      .filter(Objects::nonNull).toList();

  static String mutated(Random rnd) {
    StringBuilder b = new StringBuilder(SEEDS.get(rnd.nextInt(SEEDS.size())));
    int n = 1 + rnd.nextInt(8);
    for (int i = 0; i < n && b.length() > 0; i++) {
      int at = rnd.nextInt(b.length());
      switch (rnd.nextInt(4)) {
        case 0 -> b.insert(at, TOKENS[rnd.nextInt(TOKENS.length)]);
        case 1 -> b.deleteCharAt(at);
        case 2 -> b.setCharAt(at, (char) (32 + rnd.nextInt(95)));
        default -> { // a line dropped or doubled
          int start = b.lastIndexOf("\n", at) + 1;
          int end = b.indexOf("\n", at);
          end = end < 0 ? b.length() : end + 1;
          if (rnd.nextBoolean()) {
            b.delete(start, end);
          } else {
            b.insert(start, b.substring(start, end));
          }
        }
      }
    }
    return b.toString();
  }

  @Test
  void mutatedTextAssemblesOrFailsWithAPosition() {
    assertTrue(SEEDS.size() > 50, "too few seed modules: " + SEEDS.size());
    Random rnd = new Random(SEED);
    int assembled = 0;
    int tries = 3000 * FACTOR;
    for (int i = 0; i < tries; i++) {
      String text = mutated(rnd);
      int index = i;
      boolean ok = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
        try {
          int[] words = Assembler.assemble(text);
          SpirvParser.parse(words);
          return true;
        } catch (AssemblyException e) {
          if (!ONE_LINE_WITH_POSITION.matcher(e.getMessage()).matches()) {
            throw new AssertionError("input " + index + " of seed " + SEED + ": message without a position: "
                + e.getMessage());
          }
          return false;
        } catch (RuntimeException e) {
          throw new AssertionError("input " + index + " of seed " + SEED + " escaped:\n" + text, e);
        }
      });
      assembled += ok ? 1 : 0;
    }
    // Both outcomes occur: the mutations neither always break the text nor never do.
    assertTrue(assembled > tries / 20 && assembled < tries - tries / 20, "assembled " + assembled + " of " + tries);
    System.out.println("assembler fuzz: " + tries + " mutated texts, " + assembled + " assembled");
  }
}
