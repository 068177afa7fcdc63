package dev.vkrules.runtime.profile;

import dev.vkrules.runtime.support.Sources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Mutated profile files never crash the reader: each either reads, or fails with one line that
 * ends with a position.
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

  @Property(tries = 2000)
  void mutatedBytes(@ForAll("positions") int at, @ForAll byte replacement, @ForAll @IntRange(min = 0, max = 3) int kind) {
    byte[] input = switch (kind) {
      case 0 -> replace(at, replacement);
      case 1 -> Arrays.copyOf(ROADMAP, at);
      case 2 -> delete(at);
      default -> insert(at, replacement);
    };
    readOrFailCleanly(input);
  }

  @Property(tries = 500)
  void structuralCharacters(@ForAll("positions") int at, @ForAll("structural") byte c) {
    readOrFailCleanly(insert(at, c));
  }

  @Property(tries = 300)
  void arbitraryBytes(@ForAll byte[] input) {
    readOrFailCleanly(input);
  }

  @Provide
  Arbitrary<Integer> positions() {
    return Arbitraries.integers().between(0, ROADMAP.length - 1);
  }

  @Provide
  Arbitrary<Byte> structural() {
    return Arbitraries.of((byte) '{', (byte) '}', (byte) '[', (byte) ']', (byte) ',', (byte) ':', (byte) '"',
        (byte) '/', (byte) '*', (byte) '\\', (byte) 0);
  }

  private static void readOrFailCleanly(byte[] input) {
    try {
      ProfileReader.parse(input, null);
    } catch (ProfileException e) {
      if (!ONE_LINE_WITH_POSITION.matcher(e.getMessage()).matches()) {
        throw new AssertionError("message without a position: " + e.getMessage());
      }
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
