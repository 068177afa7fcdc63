package dev.vkrules.runtime.engine.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.requirements.Vuid;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The graphics create-info checks ({@link GraphicsCreateInfo}) on examples/pipelines/graphics.json:
 * for each VUID a pipeline that breaks it (the VUID is reported, with the expected severity, and
 * nothing else is) and pipelines that keep it; and on the Fossilize capture of graphics pipeline
 * libraries, where the vertex input state and the vertex shader are in two libraries and only the
 * pipeline linking them decides the rules. Expected VUIDs are the generated {@link PipelineVuids},
 * found in the rule files by their texts.
 */
class GraphicsCreateInfoTest {
  private static String id(Vuid v) {
    return v.id();
  }

  @Test
  void vertexInputTessellationAndTopology() throws Exception {
    String needs = " NEEDS_DEVICE_INFO";
    Map<String, List<String>> expected = new TreeMap<>();
    expected.put("keeps", List.of());
    expected.put("attribute-missing", List.of(id(PipelineVuids.VERTEX_ATTRIBUTE_MISSING) + needs));
    expected.put("attribute-type", List.of(id(PipelineVuids.VERTEX_ATTRIBUTE_TYPE)));
    expected.put("tessellation", List.of());
    expected.put("control-alone", List.of(id(PipelineVuids.TESSELLATION_CONTROL_ALONE)));
    expected.put("evaluation-alone", List.of(id(PipelineVuids.TESSELLATION_EVALUATION_ALONE)));
    expected.put("tessellation-triangles", List.of(id(PipelineVuids.TESSELLATION_TOPOLOGY)));
    expected.put("patch-list-alone", List.of(id(PipelineVuids.PATCH_LIST_TESSELLATION)));
    expected.put("dynamic-vertex-input", List.of());
    expected.put("dynamic-topology", List.of(id(PipelineVuids.TESSELLATION_TOPOLOGY) + needs));
    assertEquals(expected, new TreeMap<>(PipelineLinksExamplesTest.run("graphics.json")));
  }

  @Test
  void theVuidsComeFromTheGraphicsCreateInfo() {
    for (Vuid v : List.of(PipelineVuids.VERTEX_ATTRIBUTE_MISSING, PipelineVuids.VERTEX_ATTRIBUTE_TYPE,
        PipelineVuids.TESSELLATION_CONTROL_ALONE, PipelineVuids.TESSELLATION_EVALUATION_ALONE,
        PipelineVuids.TESSELLATION_TOPOLOGY, PipelineVuids.PATCH_LIST_TESSELLATION)) {
      assertTrue(v.id().startsWith("VUID-VkGraphicsPipelineCreateInfo-"), v.id());
    }
  }

  @Test
  void graphicsPipelineLibrariesAreCheckedLinked() throws Exception {
    // the capture's four libraries are validated within the pipeline that links them, not alone
    Map<String, List<String>> found = PipelineLinksExamplesTest.run("fossilize/libraries.json");
    assertEquals(List.of("2000000000000001"), List.copyOf(found.keySet()));
    // vertex input (library 1) against the vertex shader (library 2): location 1 is an int read
    // through an R32_SFLOAT attribute
    assertEquals(List.of(id(PipelineVuids.VERTEX_ATTRIBUTE_TYPE)), found.get("2000000000000001"));
  }

  @Test
  void aVersionTwoSubpassViewMaskReachesTheRulesPipelineFacts() throws Exception {
    // libraries.json: the render pass is a VkRenderPassCreateInfo2 whose subpass has viewMask 3,
    // held by the fragment output library; the linked pipeline's stages see it
    var d = dev.vkrules.runtime.pipeline.PipelineReader.read(PipelineLinksExamplesTest.examples()
        .resolve("fossilize/libraries.json"));
    var p = d.pipelines().get(0);
    PipelineFacts facts = new PipelineFacts(p, p.stages().get(0));
    assertEquals(3, facts.viewMask());
    assertEquals(2, facts.viewCount());
  }

  @Test
  void formatNumericTypesComeFromVkXml() {
    assertEquals("float", GraphicsCreateInfo.formatType("VK_FORMAT_R8G8B8A8_UNORM"));
    assertEquals("float", GraphicsCreateInfo.formatType("VK_FORMAT_R16G16_SSCALED"));
    assertEquals("signed integer", GraphicsCreateInfo.formatType("VK_FORMAT_R32_SINT"));
    assertEquals("unsigned integer", GraphicsCreateInfo.formatType("VK_FORMAT_A2B10G10R10_UINT_PACK32"));
    assertEquals(null, GraphicsCreateInfo.formatType("VK_FORMAT_D24_UNORM_S8_UINT"));  // two numeric formats
  }
}
