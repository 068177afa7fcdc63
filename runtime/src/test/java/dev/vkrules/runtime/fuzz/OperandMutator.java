package dev.vkrules.runtime.fuzz;

import dev.vkrules.runtime.spirv.grammar.Grammar;
import dev.vkrules.runtime.spirv.grammar.InstructionInfo;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Structure-aware mutations of a SPIR-V module at the level of instructions and operands,
 * the shapes a broken compiler or a hostile file produces: an operand dropped, duplicated or
 * replaced (by another id, an id at or past the bound, an id of 2^31 or more, a small number),
 * a word count that disagrees with the words, an opcode swapped for another of the grammar, a
 * string that loses its terminating nul, an instruction dropped, duplicated or moved, a header
 * bound changed. Each call applies one to four of them.
 */
final class OperandMutator {
  private static final int[] OPCODES = Grammar.core().instructions().stream()
      .mapToInt(InstructionInfo::opcode).distinct().sorted().toArray();

  private final Random random;

  OperandMutator(long seed) {
    this.random = new Random(seed);
  }

  Random random() {
    return random;
  }

  /** A mutant of {@code module} (little-endian bytes of a module with at least a header). */
  byte[] mutate(byte[] module) {
    List<int[]> insts = split(module);
    int[] header = insts.remove(0);
    int rounds = 1 + random.nextInt(4);
    for (int r = 0; r < rounds && !insts.isEmpty(); r++) {
      int at = random.nextInt(insts.size());
      int[] in = insts.get(at);
      switch (random.nextInt(10)) {
        case 0 -> insts.set(at, dropOperand(in));
        case 1 -> insts.set(at, duplicateOperand(in));
        case 2, 3 -> insts.set(at, replaceOperand(in, header, insts));
        case 4 -> insts.set(at, wrongWordCount(in));
        case 5 -> insts.set(at, swapOpcode(in));
        case 6 -> insts.set(at, unterminateString(in));
        case 7 -> moveInstruction(insts, at);
        case 8 -> header[3] = bound(header[3]);
        default -> insts.set(at, truncateTail(in));
      }
    }
    insts.add(0, header);
    return join(insts);
  }

  private int[] dropOperand(int[] in) {
    if (in.length < 2) {
      return in;
    }
    int k = 1 + random.nextInt(in.length - 1);
    int[] out = new int[in.length - 1];
    System.arraycopy(in, 0, out, 0, k);
    System.arraycopy(in, k + 1, out, k, in.length - k - 1);
    return withCount(out, out.length);
  }

  private int[] duplicateOperand(int[] in) {
    if (in.length < 2) {
      return in;
    }
    int k = 1 + random.nextInt(in.length - 1);
    int[] out = new int[in.length + 1];
    System.arraycopy(in, 0, out, 0, k + 1);
    System.arraycopy(in, k, out, k + 1, in.length - k);
    return withCount(out, out.length);
  }

  private int[] replaceOperand(int[] in, int[] header, List<int[]> insts) {
    if (in.length < 2) {
      return in;
    }
    int[] out = in.clone();
    int k = 1 + random.nextInt(in.length - 1);
    int bound = header[3];
    out[k] = switch (random.nextInt(7)) {
      case 0 -> 0;
      case 1 -> bound;
      case 2 -> bound - 1;
      case 3 -> 0x80000000 + random.nextInt(16);
      case 4 -> -1;
      case 5 -> random.nextInt(8);
      // an id of another instruction: its result or any word that looks like one
      default -> {
        int[] other = insts.get(random.nextInt(insts.size()));
        yield other.length > 1 ? other[1 + random.nextInt(other.length - 1)] : 1;
      }
    };
    return out;
  }

  private int[] wrongWordCount(int[] in) {
    int count = in[0] >>> 16;
    int delta = random.nextBoolean() ? 1 + random.nextInt(3) : -(1 + random.nextInt(3));
    return withCount(in.clone(), Math.max(0, Math.min(0xffff, count + delta)));
  }

  private int[] swapOpcode(int[] in) {
    int[] out = in.clone();
    out[0] = (out[0] & 0xffff0000) | OPCODES[random.nextInt(OPCODES.length)];
    return out;
  }

  /** Replaces every zero byte after word 0 with a letter: a string never ends inside the instruction. */
  private int[] unterminateString(int[] in) {
    int[] out = in.clone();
    for (int w = 1; w < out.length; w++) {
      int v = out[w];
      for (int b = 0; b < 4; b++) {
        if (((v >>> (8 * b)) & 0xff) == 0) {
          v |= 'x' << (8 * b);
        }
      }
      out[w] = v;
    }
    return out;
  }

  private void moveInstruction(List<int[]> insts, int at) {
    int[] in = random.nextBoolean() ? insts.remove(at) : insts.get(at).clone();
    if (random.nextInt(3) > 0 || insts.isEmpty()) {
      insts.add(random.nextInt(insts.size() + 1), in);
    }
  }

  private int[] truncateTail(int[] in) {
    if (in.length < 2) {
      return in;
    }
    int[] out = Arrays.copyOf(in, 1 + random.nextInt(in.length - 1));
    return withCount(out, out.length);
  }

  private int bound(int old) {
    return switch (random.nextInt(4)) {
      case 0 -> -1;
      case 1 -> 0x80000001;
      case 2 -> Math.max(1, old / 2);
      default -> old + 1 + random.nextInt(1 << 20);
    };
  }

  private static int[] withCount(int[] in, int count) {
    in[0] = (count << 16) | (in[0] & 0xffff);
    return in;
  }

  /** Header (5 words) then instructions by their word counts; a bad count ends the split with the rest as one piece. */
  static List<int[]> split(byte[] module) {
    int[] words = new int[module.length / 4];
    ByteBuffer.wrap(module).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words);
    List<int[]> out = new ArrayList<>();
    out.add(Arrays.copyOf(words, Math.min(5, words.length)));
    int at = 5;
    while (at < words.length) {
      int count = words[at] >>> 16;
      int end = count == 0 || at + count > words.length ? words.length : at + count;
      out.add(Arrays.copyOfRange(words, at, end));
      at = end;
    }
    return out;
  }

  static byte[] join(List<int[]> pieces) {
    int n = 0;
    for (int[] p : pieces) {
      n += p.length;
    }
    ByteBuffer b = ByteBuffer.allocate(n * 4).order(ByteOrder.LITTLE_ENDIAN);
    for (int[] p : pieces) {
      for (int w : p) {
        b.putInt(w);
      }
    }
    return b.array();
  }
}
