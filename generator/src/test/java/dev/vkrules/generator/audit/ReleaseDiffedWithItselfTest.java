package dev.vkrules.generator.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pinned release diffed with a copy of itself, over the project's rules: {@code diff} reads
 * every chapter {@code extract} reads, so no rule of the project, the pipeline create infos'
 * included, is reported as gone, and nothing is added, removed or changed.
 */
class ReleaseDiffedWithItselfTest {
  @TempDir Path tmp;

  @Test
  void nothingChangesAndNoRuleIsOrphaned() throws IOException {
    Path root = Cli.root();
    Path spec = root.resolve("spec-sources");
    Path copy = tmp.resolve("spec-sources");
    // what extraction reads: the appendix, the registry, the grammar and the spec's chapters
    for (String part : List.of("spirvenv.adoc", "vk.xml", "spirv", "spec")) {
      copyTree(spec.resolve(part), copy.resolve(part));
    }
    Cli.Result r = Cli.run(new DiffCommand(), spec.toString(), copy.toString(), "--format", "json",
        "--rules", root.resolve("rules").toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode summary = new ObjectMapper().readTree(r.out()).path("summary");
    for (Iterator<Map.Entry<String, JsonNode>> it = summary.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      assertEquals(0, e.getValue().asInt(-1), e.getKey() + " in " + summary);
    }

    // the project's pipeline rules are authored, so a diff reading the appendix alone would list
    // each as orphaned ("removed from the spec"): the zero above covers them
    assertTrue(!vuids(root.resolve("rules/pipeline")).isEmpty(), "rules/pipeline/ holds rules");
  }

  private static Set<String> vuids(Path dir) throws IOException {
    Set<String> out = new TreeSet<>();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path p : s.filter(f -> f.toString().endsWith(".yaml")).toList()) {
        Files.readAllLines(p).stream().filter(l -> l.startsWith("vuid: ")).findFirst()
            .ifPresent(l -> out.add(l.substring("vuid: ".length()).strip()));
      }
    }
    return out;
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : walk.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.createDirectories(target.getParent());
          Files.copy(p, target);
        }
      }
    }
  }
}
