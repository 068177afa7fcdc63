package dev.vkrules.runtime.spirv.text;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable int array for the assembler's output. */
final class WordBuffer {
  private int[] words = new int[1024];
  private int size;

  void add(int w) {
    if (size == words.length) {
      words = Arrays.copyOf(words, size * 2);
    }
    words[size++] = w;
  }

  /** A nul-terminated UTF-8 string, packed low byte first, padded to whole words. */
  void addString(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i <= b.length; i += 4) {
      int w = 0;
      for (int j = 0; j < 4 && i + j < b.length; j++) {
        w |= (b[i + j] & 0xff) << (8 * j);
      }
      add(w);
    }
  }

  int get(int i) {
    return words[i];
  }

  void set(int i, int w) {
    words[i] = w;
  }

  int size() {
    return size;
  }

  int[] toArray() {
    return Arrays.copyOf(words, size);
  }
}
