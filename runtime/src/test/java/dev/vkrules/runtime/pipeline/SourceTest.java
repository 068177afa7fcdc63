package dev.vkrules.runtime.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/**
 * A source written out only when quoted: its JSON pointer (escaped as RFC 6901 says), its
 * readable path and its equality are those of the pointer, however the source was made.
 */
class SourceTest {
  private static final Source TOP = new Source("dir/pipeline.json", "", 1, 1);

  @Test
  void thePointerIsTheStepsFromTheTopEscaped() {
    Source s = TOP.member("VkGraphicsPipelineCreateInfo", 2, 3).member("pStages", 4, 5).element(1, 6, 7)
        .member("a/b~c", 8, 9);
    assertEquals("/VkGraphicsPipelineCreateInfo/pStages/1/a~1b~0c", s.pointer());
    assertEquals("dir/pipeline.json:8:9", s.position());
    assertEquals("dir/pipeline.json", s.file());
    assertEquals(8, s.line());
    assertEquals(9, s.column());
  }

  @Test
  void theReadablePathLeavesOutTheCreateInfoAndUnescapes() {
    Source stage = TOP.member("VkGraphicsPipelineCreateInfo", 2, 3).member("pStages", 4, 5).element(1, 6, 7);
    assertEquals("pipeline.json pStages[1]", stage.toString());
    assertEquals("pipeline.json pStages[1].a/b~c", stage.member("a/b~c", 0, 0).toString());
    assertEquals("pipeline.json", TOP.toString());
    assertEquals("pipeline.json pipelines[0]", TOP.member("pipelines", 1, 1).element(0, 1, 1).toString());
    // a source given its whole pointer reads the same as one made step by step
    assertEquals(stage.toString(), new Source("dir/pipeline.json", "/VkGraphicsPipelineCreateInfo/pStages/1", 6, 7)
        .toString());
    assertEquals("--spec-constant 3=64", Source.commandLine("--spec-constant 3=64").toString());
  }

  @Test
  void sourcesAreEqualWhenFilePointerLineAndColumnAre() {
    Source stepwise = TOP.member("VkComputePipelineCreateInfo", 2, 3).member("stage", 4, 5);
    Source whole = new Source("dir/pipeline.json", "/VkComputePipelineCreateInfo/stage", 4, 5);
    assertEquals(whole, stepwise);
    assertEquals(whole.hashCode(), stepwise.hashCode());
    assertNotEquals(whole, TOP.member("VkComputePipelineCreateInfo", 2, 3).member("stage", 4, 6));
    assertNotEquals(whole, TOP.member("VkComputePipelineCreateInfo", 2, 3).member("module", 4, 5));
    assertNotEquals(whole, new Source("other.json", "/VkComputePipelineCreateInfo/stage", 4, 5));
  }
}
