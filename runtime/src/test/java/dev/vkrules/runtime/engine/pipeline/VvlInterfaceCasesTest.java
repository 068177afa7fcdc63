package dev.vkrules.runtime.engine.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.PipelineReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layers' stage-interface tests of peers/vvl-pipelines/cases/ (those whose case.json needs
 * {@code linked-stages}), scored as the layers' suite is: every negative reports each VUID the
 * test expects as an error under its pipeline description, every positive raises no
 * StandaloneSpirv or RuntimeSpirv error. All of them agree today, so the list of disagreements
 * is empty; a new case that disagrees fails here with its id and what was found.
 */
class VvlInterfaceCasesTest {
  static Path cases() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("peers/vvl-pipelines/cases"))) {
      p = p.getParent();
    }
    return p.resolve("peers/vvl-pipelines/cases");
  }

  @Test
  void negativesHitPositivesAreClean() throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<String> disagreements = new ArrayList<>();
    int scored = 0;
    try (Stream<Path> dirs = Files.list(cases())) {
      for (Path dir : dirs.sorted().toList()) {
        JsonNode c = json.readTree(dir.resolve("case.json").toFile());
        if (!c.path("needs").toString().contains("\"linked-stages\"")) {
          continue;
        }
        scored++;
        Target target = Target.parse(c.path("env").asText("vulkan1.0"));
        TreeSet<String> errors = new TreeSet<>();
        for (Pipeline p : PipelineReader.read(dir.resolve(c.path("pipeline").asText())).pipelines()) {
          for (PipelineValidator.PreparedStage s : PipelineValidator.prepare(p, Validator.engine(target), 20)) {
            List<Diagnostic> all = new ArrayList<>(s.module().evaluate(null, List.of()).diagnostics());
            all.addAll(s.links(List.of()));
            all.stream().filter(d -> d.severity() == Diagnostic.Severity.ERROR).forEach(d -> errors.add(d.vuid()));
          }
        }
        if (c.path("kind").asText().equals("negative")) {
          for (JsonNode v : c.path("vuids")) {
            if (!errors.contains(v.asText())) {
              disagreements.add(dir.getFileName() + ": missed " + v.asText() + ", found " + errors);
            }
          }
        } else if (errors.stream().anyMatch(v -> v.startsWith("VUID-StandaloneSpirv-") || v.startsWith("VUID-RuntimeSpirv-"))) {
          disagreements.add(dir.getFileName() + ": positive, found " + errors);
        }
      }
    }
    assertFalse(scored == 0, "no linked-stages case in " + cases());
    assertEquals(List.of(), disagreements);
  }
}
