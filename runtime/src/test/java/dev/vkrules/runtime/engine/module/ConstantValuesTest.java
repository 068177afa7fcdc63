package dev.vkrules.runtime.engine.module;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.Facts;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The values of constant operands: float components of scalars, vectors, nulls and
 * specialization constants (by their default) in 16, 32 and 64 bits; integer constants; and
 * run-time values, undefs and spec-constant operations as unknown. The float tests leave NaN
 * to the NaN rules (a comparison with NaN is unknown unless another component already fails).
 */
class ConstantValuesTest {
  private static final String MODULE = String.join("\n",
      "OpCapability Shader",
      "OpCapability Float16",
      "OpCapability Float64",
      "OpCapability Int64",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint GLCompute %main \"main\"",
      "OpExecutionMode %main LocalSize 1 1 1",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%uint = OpTypeInt 32 0",
      "%int = OpTypeInt 32 1",
      "%ulong = OpTypeInt 64 0",
      "%half = OpTypeFloat 16",
      "%float = OpTypeFloat 32",
      "%double = OpTypeFloat 64",
      "%v3float = OpTypeVector %float 3",
      "%f_one = OpConstant %float 1.5",
      "%f_inf = OpConstant %float 0x1p+128",
      "%f_nan = OpConstant %float 0x1.8p+128",
      "%f_negzero = OpConstant %float -0.0",
      "%h_quarter = OpConstant %half -0.25",
      "%h_inf = OpConstant %half 0x1p+16",
      "%h_tiny = OpConstant %half 0x1p-24",
      "%d_big = OpConstant %double 1e300",
      "%vec = OpConstantComposite %v3float %f_one %f_inf %f_negzero",
      "%vnull = OpConstantNull %v3float",
      "%spec = OpSpecConstant %float -2",
      "%specvec = OpSpecConstantComposite %v3float %spec %f_one %spec",
      "%u_big = OpConstant %uint 0xFFFFFFFF",
      "%i_neg = OpConstant %int -1",
      "%ul = OpConstant %ulong 0x100000001",
      "%u_spec = OpSpecConstant %uint 300",
      "%u_null = OpConstantNull %uint",
      "%u_op = OpSpecConstantOp %uint IAdd %u_spec %u_spec",
      "%f_undef = OpUndef %float",
      "%main = OpFunction %void None %fn",
      "%entry = OpLabel",
      "%sum = OpFAdd %float %f_one %f_one",
      "OpReturn",
      "OpFunctionEnd", "");

  /** Result name to instruction offset: the module's instructions are its lines, in order. */
  private static final Map<String, Integer> DEFS = new HashMap<>();
  private static final Facts F = facts();

  private static Facts facts() {
    try {
      ModuleIndex m = ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(MODULE, Target.VULKAN_1_3)));
      String[] lines = MODULE.split("\n");
      int[] starts = m.starts();
      for (int i = 0; i < lines.length; i++) {
        if (lines[i].startsWith("%")) {
          DEFS.put(lines[i].substring(1, lines[i].indexOf(' ')), starts[i]);
        }
      }
      return new Facts(m);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static int def(String name) {
    return DEFS.get(name);
  }

  private static double[] floats(String name) {
    return ConstantValues.floats(F, def(name));
  }

  @Test
  void scalarsVectorsNullsAndSpecDefaults() {
    assertArrayEquals(new double[] {1.5}, floats("f_one"));
    assertArrayEquals(new double[] {1.5, Double.POSITIVE_INFINITY, -0.0}, floats("vec"));
    assertArrayEquals(new double[] {0, 0, 0}, floats("vnull"));
    assertArrayEquals(new double[] {-2}, floats("spec"));
    assertArrayEquals(new double[] {-2, 1.5, -2}, floats("specvec"));
    assertTrue(Double.isNaN(floats("f_nan")[0]));
  }

  @Test
  void halvesAndDoubles() {
    assertArrayEquals(new double[] {-0.25}, floats("h_quarter"));
    assertArrayEquals(new double[] {Double.POSITIVE_INFINITY}, floats("h_inf"));
    assertArrayEquals(new double[] {Math.scalb(1.0, -24)}, floats("h_tiny"));
    assertArrayEquals(new double[] {1e300}, floats("d_big"));
  }

  @Test
  void runTimeValuesUndefsAndSpecOpsAreUnknown() {
    assertThrows(Unknown.class, () -> floats("sum"));
    assertThrows(Unknown.class, () -> floats("f_undef"));
    assertThrows(Unknown.class, () -> floats("u_big"), "an integer has no float values");
    assertThrows(Unknown.class, () -> ConstantValues.integer(F, def("u_op")));
    assertThrows(Unknown.class, () -> ConstantValues.integer(F, def("f_one")), "a float has no integer value");
  }

  @Test
  void integersUnsignedByWidthWithSpecDefaults() {
    assertEquals(0xFFFFFFFFL, ConstantValues.integer(F, def("u_big")));
    assertEquals(0xFFFFFFFFL, ConstantValues.integer(F, def("i_neg")));
    assertEquals(0x100000001L, ConstantValues.integer(F, def("ul")));
    assertEquals(300, ConstantValues.integer(F, def("u_spec")));
    assertEquals(0, ConstantValues.integer(F, def("u_null")));
  }

  @Test
  void finiteAndNan() {
    assertFalse(ConstantValues.finite(floats("vec")));
    assertTrue(ConstantValues.finite(floats("vnull")));
    assertFalse(ConstantValues.finite(floats("f_nan")), "NaN is not finite");
    assertTrue(ConstantValues.nan(floats("f_nan")));
    assertFalse(ConstantValues.nan(floats("vec")));
  }

  @Test
  void boundsCountNegativeZeroAsZeroAndLeaveNanUnknown() {
    assertTrue(ConstantValues.atLeast(floats("f_negzero"), 0));
    assertFalse(ConstantValues.atLeast(floats("spec"), 0));
    assertTrue(ConstantValues.atMost(floats("f_one"), 1.5));
    assertThrows(Unknown.class, () -> ConstantValues.atLeast(floats("f_nan"), 0));
    assertThrows(Unknown.class, () -> ConstantValues.atMost(floats("f_one"), Double.NaN));
    assertFalse(ConstantValues.atLeast(new double[] {Double.NaN, -1}, 0), "another component already fails");
    assertThrows(Unknown.class, () -> ConstantValues.single(floats("vec")), "a vector is no single bound");
  }

  @Test
  void aValueComparedWithADevicePropertyIsOneNumber() {
    assertEquals(-0.0, ConstantValues.comparable(floats("f_negzero")));
    assertThrows(Unknown.class, () -> ConstantValues.comparable(floats("vec")), "three components");
    assertThrows(Unknown.class, () -> ConstantValues.comparable(new double[] {Double.NaN}), "NaN is no bound");
  }
}
