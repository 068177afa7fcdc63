package dev.vkrules.runtime.requirements;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vkrules.runtime.support.Oracle;
import dev.vkrules.runtime.spirv.grammar.Versions;
import dev.vkrules.runtime.spirv.text.Assembler;
import dev.vkrules.runtime.support.Oracles;
import dev.vkrules.runtime.support.Sources;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The premise of {@link CapabilityModulesTest}: its modules are valid SPIR-V, so every finding
 * there comes from the requirement tables. Each is assembled as that test assembles it (SPIR-V
 * 1.5) and must pass the matching spirv-val for vulkan1.2, the oldest target it is used with.
 */
class CapabilityModulesOracleTest {
  @Test
  void everyRequirementModulePassesSpirvVal() throws Exception {
    Oracle oracle = Oracles.require();
    Path dir = Sources.root().resolve("runtime/src/test/resources/requirements");
    List<String> rejected = new ArrayList<>();
    List<Path> modules;
    try (Stream<Path> s = Files.list(dir)) {
      modules = s.filter(p -> p.toString().endsWith(".spvasm")).sorted().toList();
    }
    for (Path p : modules) {
      int[] words = Assembler.assemble(Files.readString(p), Versions.of(1, 5));
      ByteBuffer b = ByteBuffer.allocate(words.length * 4).order(ByteOrder.LITTLE_ENDIAN);
      b.asIntBuffer().put(words);
      Oracle.Verdict v = oracle.validate(b.array(), "vulkan1.2");
      if (!v.accepted()) {
        rejected.add(p.getFileName() + ": " + v.output());
      }
    }
    assertEquals(List.of(), rejected);
    assertEquals(true, modules.size() >= 5, "modules in " + dir + ": " + modules.size());
  }
}
