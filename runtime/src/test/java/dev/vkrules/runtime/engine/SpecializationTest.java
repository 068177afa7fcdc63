package dev.vkrules.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.pipeline.Source;
import dev.vkrules.runtime.pipeline.Specialization;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Rules evaluate with a pipeline's specialization constant values instead of the defaults, and
 * a finding that read one says which value came from where. The module has LocalSizeId x and y
 * from SpecId 0 and 1 (defaults 8, 8) and DerivativeGroupQuads, whose rules need both even.
 */
class SpecializationTest {
  static final Path MODULE = Path.of(System.getProperty("vkrules.root", ".."))
      .resolve("examples/pipelines/specialized-compute/quads.comp.spv");

  private static List<Diagnostic> validate(Specialization s) throws Exception {
    Engine engine = Validator.engine(Target.VULKAN_1_3);
    return Validator.validate(ByteBuffer.wrap(Files.readAllBytes(MODULE)), engine,
        Validator.requirements(Target.VULKAN_1_3, java.util.Optional.empty()), Report.UNLIMITED, s)
        .diagnostics().stream().filter(Diagnostic::isError).toList();
  }

  private static Specialization x(long value, int size) {
    return new Specialization(Map.of(0, new Specialization.Value(0, value, size, false, Source.commandLine("test x=" + value))));
  }

  private static Set<String> vuids(List<Diagnostic> ds) {
    TreeSet<String> out = new TreeSet<>();
    ds.forEach(d -> out.add(d.vuid()));
    return out;
  }

  @Test
  void theDefaultsKeepTheRuleAndAnOddValueBreaksItWithItsProvenance() throws Exception {
    List<Diagnostic> defaults = validate(Specialization.NONE);
    List<Diagnostic> odd = validate(x(5, 4));
    Set<String> added = vuids(odd);
    added.removeAll(vuids(defaults));
    assertFalse(added.isEmpty(), "x = 5 must break a rule the default 8 keeps: " + odd);
    for (Diagnostic d : odd) {
      if (added.contains(d.vuid())) {
        assertTrue(d.message().endsWith(" (SpecId 0 = 5 from test x=5)"), d.message());
      }
    }
    assertEquals(vuids(defaults), vuids(validate(x(6, 4))), "an even value keeps it, as the default does");
  }

  @Test
  void aValueOfTheWrongSizeSpecializesNothingTheRulesRelyOn() throws Exception {
    // an 8-byte map entry for a 32-bit constant: the entry's own error, and no verdict of the
    // module's rules from it (nor from the default in its place)
    assertEquals(Set.of(), vuids(validate(Specialization.NONE)));
    assertEquals(Set.of(dev.vkrules.runtime.pipeline.SpecializationVuids.ENTRY_SIZE.id()), vuids(validate(x(5, 8))));
  }

  @Test
  void aNumberTooWideForTheConstantIsNoValue() throws Exception {
    assertEquals(vuids(validate(Specialization.NONE)), vuids(validate(x(1L << 33 | 5, 0))));
  }
}
