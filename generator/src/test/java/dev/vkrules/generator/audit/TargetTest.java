package dev.vkrules.generator.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.requirements.ApiVersions;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** AsciiDoc's conditional semantics, with version attributes set up to the target. */
class TargetTest {
  /** The registry of the pinned release and of the 1.3.239 fixture. */
  static final ApiVersions PINNED = ApiVersions.read(Cli.root().resolve("spec-sources/vk.xml"));
  static final ApiVersions V1_3_239 = ApiVersions.read(
      Cli.root().resolve("generator/src/test/fixtures/vulkan-1.3.239/vk.xml"));

  private static Conditional ifdef(String e) {
    return new Conditional("ifdef", e);
  }

  private static Conditional ifndef(String e) {
    return new Conditional("ifndef", e);
  }

  @Test
  void versionAttributesAreSetUpToTheTarget() {
    AttributeSet t = AttributeSet.of("vulkan1.1", PINNED);
    assertTrue(t.isSet("VK_VERSION_1_0"));
    assertTrue(t.isSet("VK_VERSION_1_1"));
    assertFalse(t.isSet("VK_VERSION_1_2"));
    assertFalse(t.isSet("VK_VERSION_1_4"));
    assertTrue(AttributeSet.of("vulkan1.3", PINNED).isSet("VK_VERSION_1_3"));
  }

  @Test
  void everyExtensionIsSetUnlessNamed() {
    assertTrue(AttributeSet.of("vulkan1.0", PINNED).isSet("VK_EXT_anything"));
    AttributeSet named = AttributeSet.parse("vulkan1.0", Set.of("VK_EXT_a"), PINNED);
    assertTrue(named.isSet("VK_EXT_a"));
    assertFalse(named.isSet("VK_EXT_b"));
  }

  @Test
  void commaIsAnyPlusIsAll() {
    AttributeSet t = AttributeSet.parse("vulkan1.0", Set.of("VK_EXT_a"), PINNED);
    assertTrue(t.holds(ifdef("VK_VERSION_1_2,VK_EXT_a")));
    assertFalse(t.holds(ifdef("VK_VERSION_1_2,VK_EXT_b")));
    assertTrue(t.holds(ifdef("VK_VERSION_1_0+VK_EXT_a")));
    assertFalse(t.holds(ifdef("VK_VERSION_1_0+VK_EXT_b")));
  }

  @Test
  void ifndefInvertsTheWholeExpression() {
    AttributeSet t = AttributeSet.parse("vulkan1.2", Set.of(), PINNED);
    // ifndef::a,b[] keeps content only when neither is set; ifndef::a+b[] unless both are.
    assertFalse(t.holds(ifndef("VK_VERSION_1_2,VK_EXT_a")));
    assertTrue(t.holds(ifndef("VK_VERSION_1_3,VK_EXT_a")));
    assertTrue(t.holds(ifndef("VK_VERSION_1_2+VK_EXT_a")));
    assertFalse(t.holds(ifndef("VK_VERSION_1_1+VK_VERSION_1_2")));
  }

  @Test
  void aStackHoldsWhenEveryEntryHolds() {
    List<Conditional> stack = List.of(ifdef("VK_EXT_a"), ifndef("VK_EXT_b"));
    assertTrue(AttributeSet.parse("vulkan1.0", Set.of("VK_EXT_a"), PINNED).includes(stack));
    assertFalse(AttributeSet.parse("vulkan1.0", Set.of("VK_EXT_a", "VK_EXT_b"), PINNED).includes(stack));
    assertFalse(AttributeSet.of("vulkan1.0", PINNED).includes(stack));
    assertTrue(AttributeSet.of("vulkan1.0", PINNED).includes(List.of()));
  }

  @Test
  void attributesAreCollectedSorted() {
    assertEquals("[VK_EXT_a, VK_EXT_b, VK_VERSION_1_2]",
        AttributeSet.attributes(List.of(ifdef("VK_VERSION_1_2,VK_EXT_b"), ifndef("VK_EXT_a"))).toString());
  }

  @Test
  void badNamesAreErrors() {
    GeneratorException e = assertThrows(GeneratorException.class, () -> AttributeSet.of("vulkan", PINNED));
    assertEquals("unknown target environment 'vulkan', expected one of vulkan1.0, vulkan1.1, vulkan1.2, vulkan1.3, vulkan1.4",
        e.getMessage());
    assertThrows(GeneratorException.class, () -> AttributeSet.parse("vulkan1.0", Set.of("VK_VERSION_1_1"), PINNED));
    assertThrows(GeneratorException.class, () -> new Conditional("ifeval", "x"));
  }

  /** 1.4.3xx splits versions into base/compute/graphics blocks; each is a version, not an extension. */
  @Test
  void splitVersionBlocksAreVersions() {
    for (String block : List.of("VK_BASE_VERSION_1_2", "VK_COMPUTE_VERSION_1_2", "VK_GRAPHICS_VERSION_1_2")) {
      assertTrue(PINNED.isVersion(block), block);
      assertFalse(AttributeSet.of("vulkan1.1", PINNED).isSet(block), block);
      assertTrue(AttributeSet.of("vulkan1.2", PINNED).isSet(block), block);
      // named extensions do not change versions
      assertFalse(AttributeSet.parse("vulkan1.1", Set.of(), PINNED).isSet(block), block);
    }
    assertFalse(V1_3_239.isVersion("VK_COMPUTE_VERSION_1_2"));
  }

  /** A Vulkan SC version block is never set for Vulkan: SC-only rules do not apply. */
  @Test
  void vulkanScVersionIsNeverSet() {
    assertTrue(PINNED.isVersion("VKSC_VERSION_1_0"));
    for (String env : AttributeSet.ENVIRONMENTS) {
      AttributeSet t = AttributeSet.of(env, PINNED);
      assertFalse(t.isSet("VKSC_VERSION_1_0"), env);
      assertTrue(t.holds(ifndef("VKSC_VERSION_1_0")), env);
    }
    assertThrows(GeneratorException.class, () -> AttributeSet.parse("vulkan1.2", Set.of("VKSC_VERSION_1_0"), PINNED));
  }

  /** The environments are the Vulkan versions of the registry, newest included. */
  @Test
  void environmentsAreTheRegistryVersions() {
    assertEquals(PINNED.vulkanVersions().stream().map(v -> "vulkan" + v).toList(), AttributeSet.ENVIRONMENTS);
  }
}
