package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The committed rules/ equals a fresh extraction (the same check CI's drift step makes on
 * disk): every rule file (rules/pipeline/ too) re-renders to itself and every table file is identical.
 */
class CommittedRulesTest {
  private static final String FIX = "run './vkrules extract --spec spec-sources --out rules' and commit";

  @Test
  void ruleFilesAreUpToDate() throws IOException {
    Path rules = Extraction.root().resolve("rules");
    List<String> outdated = new ArrayList<>();
    List<Vuid> all = new ArrayList<>(Extraction.specSources().vuids());
    all.addAll(Extraction.specSources().pipelineVuids());
    for (Vuid v : all) {
      Path file = rules.resolve(RuleFiles.path(v));
      if (!Files.exists(file)) {
        outdated.add("missing " + file);
        continue;
      }
      String committed = Files.readString(file);
      if (!RuleFiles.render(v, Optional.of(committed), file.toString()).content().equals(committed)) {
        outdated.add("outdated " + file);
      }
    }
    assertEquals(List.of(), outdated, FIX);
  }

  @Test
  void tableFilesAreUpToDate() throws IOException {
    Path tables = Extraction.root().resolve("rules/tables");
    Map<String, String> fresh = TableFiles.render(Extraction.specSources());
    try (var files = Files.list(tables)) {
      assertEquals(fresh.keySet().stream().sorted().toList(),
          files.map(p -> p.getFileName().toString()).sorted().toList(), FIX);
    }
    fresh.forEach((name, content) -> {
      try {
        assertEquals(content, Files.readString(tables.resolve(name)), name + ": " + FIX);
      } catch (IOException e) {
        throw new AssertionError(e);
      }
    });
    assertTrue(fresh.containsKey("capabilities.yaml"));
  }
}
