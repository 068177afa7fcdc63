package dev.vkrules.runtime.engine.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.PipelineDescription;
import dev.vkrules.runtime.pipeline.PipelineReader;
import dev.vkrules.runtime.requirements.Vuid;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The example pipelines of examples/pipelines/: for each newly decided VUID of the linked stages
 * and of the layout, a pipeline that breaks it (the VUID is reported, with the expected
 * severity, and nothing else is) and one that keeps it (nothing between stages is reported).
 * Expected VUIDs are the generated {@link PipelineVuids}, found in the rule files by their texts.
 */
class PipelineLinksExamplesTest {
  private static final String GRAPHICS = "VkGraphicsPipelineCreateInfo";

  static Path examples() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("examples/pipelines"))) {
      p = p.getParent();
    }
    return p.resolve("examples/pipelines");
  }

  /** Pipeline name to the VUIDs its stages' links report (sorted) and their severities. */
  static Map<String, List<String>> run(String file) throws Exception {
    PipelineDescription d = PipelineReader.read(examples().resolve(file));
    Engine engine = Validator.engine(Target.VULKAN_1_3);
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Pipeline p : d.pipelines()) {
      List<String> found = new ArrayList<>();
      for (PipelineValidator.PreparedStage s : PipelineValidator.prepare(p, engine, 20)) {
        for (Diagnostic x : s.links(List.of())) {
          found.add(x.vuid() + (x.severity() == Diagnostic.Severity.ERROR ? "" : " " + x.severity()));
        }
        // the modules themselves are valid: only the links may report anything
        assertTrue(s.module().evaluate(null, List.of()).diagnostics().stream()
            .noneMatch(x -> x.severity() == Diagnostic.Severity.ERROR), s.name());
      }
      found.sort(null);
      out.put(p.name().substring(p.name().indexOf('#') + 1), found);
    }
    return out;
  }

  private static String layout(PipelineVuids.LayoutRole role) {
    return PipelineVuids.layout(GRAPHICS, role).id();
  }

  private static String id(Vuid v) {
    return v.id();
  }

  @Test
  void linkedStagesAndTheLayout() throws Exception {
    Map<String, List<String>> expected = new TreeMap<>();
    expected.put("keeps-every-rule", List.of());
    expected.put("input-without-output", List.of(id(PipelineVuids.STAGE_DECLARED)));
    expected.put("component-type-differs", List.of(id(PipelineVuids.STAGE_TYPE)));
    expected.put("output-vector-wider", List.of(id(PipelineVuids.STAGE_VECTOR_WIDER_MAINTENANCE4) + " NEEDS_DEVICE_INFO"));
    expected.put("binding-missing", List.of(layout(PipelineVuids.LayoutRole.DESCRIPTOR_STAGE)));
    expected.put("binding-without-the-stage", List.of(layout(PipelineVuids.LayoutRole.DESCRIPTOR_STAGE)));
    expected.put("descriptor-type-differs", List.of(layout(PipelineVuids.LayoutRole.DESCRIPTOR_TYPE)));
    expected.put("descriptor-count-short", List.of(layout(PipelineVuids.LayoutRole.DESCRIPTOR_COUNT)));
    expected.put("push-constant-range-missing", List.of(layout(PipelineVuids.LayoutRole.PUSH_CONSTANT_STAGE)));
    expected.put("push-constant-range-short", List.of(layout(PipelineVuids.LayoutRole.PUSH_CONSTANT_CONTAINED)));
    assertEquals(expected, new TreeMap<>(run("link.json")));
  }

  @Test
  void taskToMeshPayload() throws Exception {
    Map<String, List<String>> expected = new TreeMap<>();
    expected.put("task-passes-the-payload", List.of());
    expected.put("no-task-stage", List.of(id(PipelineVuids.TASK_PAYLOAD)));
    expected.put("task-passes-no-payload", List.of(id(PipelineVuids.TASK_PAYLOAD)));
    assertEquals(expected, new TreeMap<>(run("payload.json")));
  }
}
