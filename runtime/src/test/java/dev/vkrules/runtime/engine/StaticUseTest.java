package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Static use of module-scope variables: {@code used-variables} is Vulkan's static use (the
 * call tree's references plus the interface list), {@code referenced-variables} the call tree's
 * references only, also through called functions.
 */
class StaticUseTest {
  private static final String MODULE = String.join("\n",
      "OpCapability Shader",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint GLCompute %main \"main\" %listed %called",
      "OpExecutionMode %main LocalSize 1 1 1",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%uint = OpTypeInt 32 0",
      "%one = OpConstant %uint 1",
      "%ptr = OpTypePointer Private %uint",
      "%listed = OpVariable %ptr Private",
      "%called = OpVariable %ptr Private",
      "%direct = OpVariable %ptr Private",
      "%unused = OpVariable %ptr Private",
      "%main = OpFunction %void None %fn",
      "%entry = OpLabel",
      "OpStore %direct %one",
      "%c = OpFunctionCall %void %helper",
      "OpReturn",
      "OpFunctionEnd",
      "%helper = OpFunction %void None %fn",
      "%hentry = OpLabel",
      "OpStore %called %one",
      "OpReturn",
      "OpFunctionEnd", "");

  @Test
  void usedCountsTheInterfaceReferencedDoesNot() throws Exception {
    ModuleIndex m = ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(MODULE, Target.VULKAN_1_3)));
    Facts f = new Facts(m);
    int ep = f.allEntryPoints()[0];
    int[] globals = f.globalVariables(); // listed, called, direct, unused, in module order
    int listed = globals[0];
    int called = globals[1];
    int direct = globals[2];
    assertArrayEquals(sorted(listed, called, direct), sorted(f.usedVariables(ep)));
    assertArrayEquals(sorted(called, direct), sorted(f.referencedVariables(ep)));
  }

  private static int[] sorted(int... xs) {
    int[] c = xs.clone();
    Arrays.sort(c);
    return c;
  }
}
