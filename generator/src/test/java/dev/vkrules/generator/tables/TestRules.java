package dev.vkrules.generator.tables;

import dev.vkrules.generator.extract.ExtractedSpec;
import dev.vkrules.generator.extract.SpecExtractor;
import dev.vkrules.generator.extract.TableFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A rules directory with extracted tables: the project's rules/ when it holds them, otherwise a
 * fresh extraction of spec-sources/ (tables only) plus the project's authored overrides.
 */
final class TestRules {
  private static Path dir;

  private TestRules() {}

  static Path root() {
    Path d = Path.of("").toAbsolutePath();
    while (!Files.isDirectory(d.resolve("spec-sources"))) {
      d = d.getParent();
    }
    return d;
  }

  static synchronized Path dir() {
    if (dir != null) {
      return dir;
    }
    Path rules = root().resolve("rules");
    if (RuleTablesReader.present(rules)) {
      dir = rules;
      return dir;
    }
    try {
      Path tmp = Files.createTempDirectory("vkrules-rules");
      ExtractedSpec spec = SpecExtractor.extract(root().resolve("spec-sources"));
      Files.createDirectories(tmp.resolve("tables"));
      for (Map.Entry<String, String> f : TableFiles.render(spec).entrySet()) {
        Files.writeString(tmp.resolve("tables").resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
      }
      Files.createDirectories(tmp.resolve("overrides"));
      Files.copy(rules.resolve("overrides/requirements.yaml"), tmp.resolve("overrides/requirements.yaml"));
      dir = tmp;
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
