package dev.vkrules.runtime.cli;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Where each instruction of a module starts, for reports that place a finding: the byte range
 * of the whole instruction and its line in {@code vkrules dis} output (five header lines, then
 * one line per instruction). Reads only word counts, so it also serves a module that failed
 * validation; a stream that breaks off ends the index there.
 */
final class InstructionIndex {
  private static final int MAGIC = 0x07230203;
  private static final int HEADER_WORDS = 5;

  private final int[] offsets;

  private final int[] wordCounts;

  private final int count;

  private InstructionIndex(int[] offsets, int[] wordCounts, int count) {
    this.offsets = offsets;
    this.wordCounts = wordCounts;
    this.count = count;
  }

  /** The placement of one instruction: bytes from the start of the file, and the line in {@code vkrules dis}. */
  record Place(long byteOffset, long byteLength, int disLine) {}

  static InstructionIndex of(byte[] module) {
    int words = module.length / 4;
    if (words < HEADER_WORDS) {
      return new InstructionIndex(new int[0], new int[0], 0);
    }
    ByteBuffer b = ByteBuffer.wrap(module).order(ByteOrder.LITTLE_ENDIAN);
    if (b.getInt(0) != MAGIC) {
      b.order(ByteOrder.BIG_ENDIAN);
    }
    int[] offsets = new int[Math.max(0, words - HEADER_WORDS)];
    int[] counts = new int[offsets.length];
    int n = 0;
    for (int at = HEADER_WORDS; at < words; ) {
      int wc = b.getInt(at * 4) >>> 16;
      if (wc == 0 || at + wc > words) {
        break;
      }
      offsets[n] = at;
      counts[n] = wc;
      n++;
      at += wc;
    }
    return new InstructionIndex(offsets, counts, n);
  }

  /** The instruction that starts at {@code wordOffset}, or null when none does. */
  Place at(int wordOffset) {
    int i = Arrays.binarySearch(offsets, 0, count, wordOffset);
    if (i < 0) {
      return null;
    }
    return new Place(wordOffset * 4L, wordCounts[i] * 4L, HEADER_WORDS + 1 + i);
  }
}
