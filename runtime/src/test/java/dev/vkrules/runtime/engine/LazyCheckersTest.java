package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.rules.CheckerRegistry;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.support.ExampleAssembler;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The engine loads a checker only when a module needs it: one of its opcodes occurs and the
 * catalog's module test (capabilities, execution models) passes. Asserted through the engine's
 * own record of what it loaded, and the catalog's data checked against the checkers themselves.
 */
class LazyCheckersTest {
  static final String COMPUTE = String.join("\n",
      "OpCapability Shader",
      "OpMemoryModel Logical GLSL450",
      "OpEntryPoint GLCompute %main \"main\"",
      "OpExecutionMode %main LocalSize 1 1 1",
      "%void = OpTypeVoid",
      "%fn = OpTypeFunction %void",
      "%main = OpFunction %void None %fn",
      "%entry = OpLabel",
      "OpReturn",
      "OpFunctionEnd", "");

  /** The catalog says of each checker what the checker says of itself. */
  @Test
  void theCatalogsDataIsTheCheckersOwn() {
    CheckerCatalog catalog = CheckerRegistry.CATALOG;
    List<Checker> all = CheckerRegistry.all();
    assertEquals(all.size(), catalog.size());
    for (int i = 0; i < catalog.size(); i++) {
      Checker c = all.get(i);
      assertEquals(c.info().vuid(), catalog.vuid(i));
      assertEquals(c.info().condition(), catalog.condition(i));
      assertArrayEquals(c.opcodes(), catalog.opcodes(i), c.info().vuid());
      assertEquals(c.getClass(), catalog.create(i).getClass());
    }
  }

  /** Every rule whose catalog test says no on the corpus would have said no when loaded. */
  @Test
  void theCatalogsModuleTestAgreesWithTheCheckers() throws Exception {
    CheckerCatalog catalog = CheckerRegistry.CATALOG;
    List<Checker> all = CheckerRegistry.all();
    for (String asm : List.of(COMPUTE, COMPUTE.replace("GLCompute", "Fragment").replace("LocalSize 1 1 1", "OriginUpperLeft"))) {
      ModuleIndex m = ModuleIndex.of(ByteBuffer.wrap(ExampleAssembler.assemble(asm, Target.VULKAN_1_3)));
      Facts f = new Facts(m, true);
      for (int i = 0; i < catalog.size(); i++) {
        assertEquals(all.get(i).applies(f), catalog.applies(i, f), catalog.vuid(i));
      }
    }
  }

  @Test
  void aModuleLoadsOnlyTheCheckersItNeeds() throws Exception {
    Engine engine = new Engine(CheckerRegistry.CATALOG, Target.VULKAN_1_4);
    assertEquals(0, engine.loadedCount(), "building the engine loads no checker");
    byte[] compute = ExampleAssembler.assemble(COMPUTE, Target.VULKAN_1_3);
    Validator.ValidationResult r = Validator.validate(ByteBuffer.wrap(compute), engine,
        Validator.requirements(Target.VULKAN_1_4, Optional.empty()));
    assertTrue(r.ok(), r.diagnostics().toString());
    int loaded = engine.loadedCount();
    assertTrue(loaded > 0 && loaded < engine.checkersHolding() / 2, loaded + " of " + engine.checkersHolding());
    CheckerCatalog catalog = CheckerRegistry.CATALOG;
    for (int i = 0; i < catalog.size(); i++) {
      String vuid = catalog.vuid(i);
      boolean subscribed = false;
      for (int op : catalog.opcodes(i)) {
        subscribed |= op == Op.OpCapability || op == Op.OpMemoryModel || op == Op.OpEntryPoint
            || op == Op.OpExecutionMode || op == Op.OpTypeVoid || op == Op.OpTypeFunction || op == Op.OpFunction
            || op == Op.OpLabel || op == Op.OpReturn || op == Op.OpFunctionEnd;
      }
      if (!subscribed) {
        assertFalse(engine.isLoaded(vuid), vuid + " subscribes to no opcode of the module, yet was loaded");
      }
      // a mesh-shader rule (its module test names MeshEXT) is never loaded for a compute module
      if (vuid.startsWith("VUID-RuntimeSpirv-MeshEXT-")) {
        assertFalse(engine.isLoaded(vuid), vuid);
      }
    }
    // the same module again loads nothing more; the verdicts are those of the eager engine
    Validator.validate(ByteBuffer.wrap(compute), engine, Validator.requirements(Target.VULKAN_1_4, Optional.empty()));
    assertEquals(loaded, engine.loadedCount());
    Engine eager = new Engine(CheckerRegistry.all(), Target.VULKAN_1_4);
    assertEquals(Validator.validate(ByteBuffer.wrap(compute), eager), Validator.validate(ByteBuffer.wrap(compute), engine));
  }

  @Test
  void aMeshShaderLoadsItsMeshRules() throws Exception {
    Engine engine = new Engine(CheckerRegistry.CATALOG, Target.VULKAN_1_4);
    String mesh = String.join("\n",
        "OpCapability MeshShadingEXT",
        "OpExtension \"SPV_EXT_mesh_shader\"",
        "OpMemoryModel Logical GLSL450",
        "OpEntryPoint MeshEXT %main \"main\"",
        "OpExecutionMode %main LocalSize 1 1 1",
        "OpExecutionMode %main OutputVertices 3",
        "OpExecutionMode %main OutputPrimitivesEXT 1",
        "OpExecutionMode %main OutputTrianglesEXT",
        "%void = OpTypeVoid",
        "%fn = OpTypeFunction %void",
        "%main = OpFunction %void None %fn",
        "%entry = OpLabel",
        "OpReturn",
        "OpFunctionEnd", "");
    Validator.validate(ByteBuffer.wrap(ExampleAssembler.assemble(mesh, Target.VULKAN_1_4)), engine);
    CheckerCatalog catalog = CheckerRegistry.CATALOG;
    int meshRules = 0;
    for (int i = 0; i < catalog.size(); i++) {
      meshRules += catalog.vuid(i).startsWith("VUID-RuntimeSpirv-MeshEXT-") && engine.isLoaded(catalog.vuid(i)) ? 1 : 0;
    }
    assertTrue(meshRules > 0, "no MeshEXT rule was loaded for a mesh shader");
  }
}
