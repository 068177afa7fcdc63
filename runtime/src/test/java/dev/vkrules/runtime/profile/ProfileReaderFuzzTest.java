package dev.vkrules.runtime.profile;

import dev.vkrules.runtime.support.Sources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Mutated profile files never crash the reader: each either reads, or fails with one line that
 * ends with a position. Inputs come from a seeded generator ({@code -Dvkrules.fuzz.seed=S},
 * default 1): every build tries the same ones, and a failure names its input.
 */
class ProfileReaderFuzzTest {
  private static final Pattern ONE_LINE_WITH_POSITION = Pattern.compile("[^\\n]* at \\d+:\\d+");
  private static final byte[] ROADMAP = roadmap();

  private static byte[] roadmap() {
    try {
      return Files.readAllBytes(Sources.roadmapProfile());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static final long SEED = Long.getLong("vkrules.fuzz.seed", 1);
  private static final byte[] STRUCTURAL = {'{', '}', '[', ']', ',', ':', '"', '/', '*', '\\', 0};

  @Test
  void mutatedBytes() {
    Random rnd = new Random(SEED);
    for (int i = 0; i < 2000; i++) {
      int at = rnd.nextInt(ROADMAP.length);
      byte replacement = (byte) rnd.nextInt();
      readOrFailCleanly(switch (rnd.nextInt(4)) {
        case 0 -> replace(at, replacement);
        case 1 -> Arrays.copyOf(ROADMAP, at);
        case 2 -> delete(at);
        default -> insert(at, replacement);
      });
    }
  }

  @Test
  void structuralCharacters() {
    Random rnd = new Random(SEED + 1);
    for (int i = 0; i < 500; i++) {
      readOrFailCleanly(insert(rnd.nextInt(ROADMAP.length), STRUCTURAL[rnd.nextInt(STRUCTURAL.length)]));
    }
  }

  @Test
  void arbitraryBytes() {
    Random rnd = new Random(SEED + 2);
    for (int i = 0; i < 300; i++) {
      byte[] input = new byte[rnd.nextInt(300)];
      rnd.nextBytes(input);
      readOrFailCleanly(input);
    }
  }

  private static void readOrFailCleanly(byte[] input) {
    try {
      ProfileReader.parse(input, null);
    } catch (ProfileException e) {
      if (!ONE_LINE_WITH_POSITION.matcher(e.getMessage()).matches()) {
        throw new AssertionError("message without a position: " + e.getMessage());
      }
    } catch (RuntimeException e) {
      throw new AssertionError("escaped on input " + HexFormat.of().formatHex(input) + " (seed " + SEED + ")", e);
    }
  }

  private static byte[] replace(int at, byte b) {
    byte[] copy = ROADMAP.clone();
    copy[at] = b;
    return copy;
  }

  private static byte[] delete(int at) {
    byte[] copy = new byte[ROADMAP.length - 1];
    System.arraycopy(ROADMAP, 0, copy, 0, at);
    System.arraycopy(ROADMAP, at + 1, copy, at, ROADMAP.length - at - 1);
    return copy;
  }

  private static byte[] insert(int at, byte b) {
    byte[] copy = new byte[ROADMAP.length + 1];
    System.arraycopy(ROADMAP, 0, copy, 0, at);
    copy[at] = b;
    System.arraycopy(ROADMAP, at, copy, at + 1, ROADMAP.length - at);
    return copy;
  }
}
