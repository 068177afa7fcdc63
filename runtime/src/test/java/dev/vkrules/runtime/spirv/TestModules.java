package dev.vkrules.runtime.spirv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The compiled test shaders under src/test/resources/spirv, plus the shared corpus when merged. */
public final class TestModules {
  private TestModules() {}

  public static List<Path> all() {
    List<Path> out = new ArrayList<>();
    try {
      Path dir = Path.of(TestModules.class.getResource("/spirv").toURI());
      out.addAll(list(dir));
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    Path corpus = Path.of("..", "examples", "corpus");
    if (Files.isDirectory(corpus)) {
      out.addAll(list(corpus));
    }
    return out;
  }

  private static List<Path> list(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> p.toString().endsWith(".spv")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static byte[] read(Path p) {
    try {
      return Files.readAllBytes(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
