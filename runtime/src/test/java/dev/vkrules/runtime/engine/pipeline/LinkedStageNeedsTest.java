package dev.vkrules.runtime.engine.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.PreparedModule;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.PipelineReader;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A module validated alone says which rules between linked stages it cannot decide
 * ({@link LinkedStageNeeds}): never "passed" where a linked pipeline could fail it, and nothing
 * where no pipeline could (no subject). The VUIDs are the generated {@link PipelineVuids}.
 */
class LinkedStageNeedsTest {
  /** The linked-stage VUIDs. */
  private static final Set<String> LINKED = Set.of(PipelineVuids.STAGE_DECLARED.id(), PipelineVuids.STAGE_TYPE.id(),
      PipelineVuids.STAGE_VECTOR_WIDER.id(), PipelineVuids.STAGE_VECTOR_WIDER_MAINTENANCE4.id(),
      PipelineVuids.STAGE_DECORATIONS.id(), PipelineVuids.TASK_PAYLOAD.id());

  private static Path root() {
    return PipelineLinksExamplesTest.examples().getParent().getParent();
  }

  /** The NEEDS_PIPELINE findings of linked-stage VUIDs of a module validated alone. */
  private static List<Diagnostic> alone(byte[] module, Target target) {
    return PreparedModule.of(ByteBuffer.wrap(module), Validator.engine(target), 20).evaluate(null, List.of())
        .diagnostics().stream().filter(d -> LINKED.contains(d.vuid())).toList();
  }

  private static List<Diagnostic> alone(String file, Target target) throws Exception {
    return alone(Files.readAllBytes(root().resolve(file)), target);
  }

  /** Every pipeline of the examples and of the layers' stage-interface cases, with the target it is scored under. */
  private static List<Object[]> pipelines() throws Exception {
    List<Object[]> out = new ArrayList<>();
    for (String f : List.of("link.json", "payload.json")) {
      for (Target t : List.of(Target.VULKAN_1_0, Target.VULKAN_1_3)) {
        out.add(new Object[] {PipelineLinksExamplesTest.examples().resolve(f), t});
      }
    }
    ObjectMapper json = new ObjectMapper();
    try (Stream<Path> dirs = Files.list(VvlInterfaceCasesTest.cases())) {
      for (Path dir : dirs.sorted().toList()) {
        JsonNode c = json.readTree(dir.resolve("case.json").toFile());
        if (c.path("needs").toString().contains("\"linked-stages\"")) {
          out.add(new Object[] {dir.resolve(c.path("pipeline").asText()), Target.parse(c.path("env").asText("vulkan1.0"))});
        }
      }
    }
    return out;
  }

  @Test
  void everyLinkFindingIsAnnouncedByItsModuleAlone() throws Exception {
    List<String> passedAlone = new ArrayList<>();
    int findings = 0;
    for (Object[] p : pipelines()) {
      Path file = (Path) p[0];
      Target target = (Target) p[1];
      for (Pipeline pipeline : PipelineReader.read(file).pipelines()) {
        for (PipelineValidator.PreparedStage s : PipelineValidator.prepare(pipeline, Validator.engine(target), 20)) {
          Set<String> needs = new HashSet<>();
          for (Diagnostic d : alone(s.bytes(), target)) {
            assertEquals(Diagnostic.Severity.NEEDS_PIPELINE, d.severity(), d.headline());
            needs.add(d.vuid());
          }
          for (Diagnostic d : s.links(List.of())) {
            if (LINKED.contains(d.vuid())) {
              findings++;
              if (!needs.contains(d.vuid())) {
                passedAlone.add(pipeline.name() + " " + s.name() + ": " + d.vuid() + " under " + target.envName());
              }
            }
          }
        }
      }
    }
    assertTrue(findings > 10, "the pipelines raise linked-stage findings: " + findings);
    assertEquals(List.of(), passedAlone);
  }

  @Test
  void oneLinePerRuleAtTheEntryPoint() throws Exception {
    // a fragment shader with four user-defined Inputs: three rules, each once, at its OpEntryPoint
    List<Diagnostic> needs = alone("examples/shaders/pbr_metallic_roughness.frag.spv", Target.VULKAN_1_3);
    assertEquals(new TreeSet<>(List.of(PipelineVuids.STAGE_DECLARED.id(), PipelineVuids.STAGE_DECORATIONS.id(),
        PipelineVuids.STAGE_TYPE.id())), new TreeSet<>(needs.stream().map(Diagnostic::vuid).toList()));
    assertEquals(3, needs.size(), needs.toString());
    for (Diagnostic d : needs) {
      assertTrue(d.instruction().startsWith("OpEntryPoint Fragment"), d.instruction());
      assertTrue(d.message().contains("4 user-defined Input variables"), d.message());
      assertTrue(d.message().contains("(a pipeline description, --pipeline)"), d.message());
    }
  }

  @Test
  void outputVectorsNeedTheNextStageUnderTheTargetsRule() throws Exception {
    // the vertex shader of link.json has vector Outputs: one need, under the wider-vector rule the
    // target has (the linked check's choice: 06816 without maintenance4, else 06817)
    for (Target t : List.of(Target.VULKAN_1_0, Target.VULKAN_1_3)) {
      String expected = PipelineLinks.applies(t, PipelineVuids.STAGE_VECTOR_WIDER) ? PipelineVuids.STAGE_VECTOR_WIDER.id()
          : PipelineVuids.STAGE_VECTOR_WIDER_MAINTENANCE4.id();
      List<Diagnostic> needs = alone("examples/pipelines/link.vert.spv", t);
      assertEquals(List.of(expected), needs.stream().map(Diagnostic::vuid).toList());
      assertTrue(needs.get(0).message().contains("2 user-defined Output variables with vectors of this Vertex entry point"),
          needs.get(0).message());
    }
    // the Vulkan 1.3 target has maintenance4: 06817
    assertEquals(List.of(PipelineVuids.STAGE_VECTOR_WIDER_MAINTENANCE4.id()),
        alone("examples/pipelines/link.vert.spv", Target.VULKAN_1_3).stream().map(Diagnostic::vuid).toList());
  }

  @Test
  void meshPayloadNeedsTheTaskStage() throws Exception {
    List<String> vuids = alone("examples/shaders/meshlet_render.mesh.spv", Target.VULKAN_1_3).stream()
        .map(Diagnostic::vuid).toList();
    assertTrue(vuids.contains(PipelineVuids.TASK_PAYLOAD.id()), vuids.toString());
  }

  @Test
  void noSubjectNoNeed() throws Exception {
    for (Target t : List.of(Target.VULKAN_1_0, Target.VULKAN_1_3)) {
      // a compute shader links to no stage
      assertEquals(List.of(), alone("examples/shaders/gaussian_blur_storage_image.comp.spv", t));
      // a vertex shader whose only Output is the built-in gl_PerVertex block
      assertEquals(List.of(), alone("examples/corpus/spv/shadow_depth_invariant.vert.spv", t));
    }
  }

  @Test
  void underAPipelineTheLinksDecideInstead() throws Exception {
    // the same modules as stages of a pipeline: no linked-stage rule needs a description
    for (Pipeline p : PipelineReader.read(PipelineLinksExamplesTest.examples().resolve("link.json")).pipelines()) {
      for (PipelineValidator.PreparedStage s : PipelineValidator.prepare(p, Validator.engine(Target.VULKAN_1_3), 20)) {
        TreeSet<String> needs = new TreeSet<>();
        s.module().evaluate(null, List.of()).diagnostics().stream()
            .filter(d -> d.severity() == Diagnostic.Severity.NEEDS_PIPELINE).forEach(d -> needs.add(d.vuid()));
        assertFalse(needs.stream().anyMatch(LINKED::contains), s.name() + ": " + needs);
      }
    }
  }
}
