package dev.vkrules.generator.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.generator.GeneratorException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** AsciiDoc's conditional semantics, with version attributes set up to the target. */
class TargetTest {
  private static Conditional ifdef(String e) {
    return new Conditional("ifdef", e);
  }

  private static Conditional ifndef(String e) {
    return new Conditional("ifndef", e);
  }

  @Test
  void versionAttributesAreSetUpToTheTarget() {
    Target t = Target.of("vulkan1.1");
    assertTrue(t.isSet("VK_VERSION_1_0"));
    assertTrue(t.isSet("VK_VERSION_1_1"));
    assertFalse(t.isSet("VK_VERSION_1_2"));
    assertFalse(t.isSet("VK_VERSION_2_0"));
    assertTrue(Target.of("vulkan1.3").isSet("VK_VERSION_1_3"));
  }

  @Test
  void everyExtensionIsSetUnlessNamed() {
    assertTrue(Target.of("vulkan1.0").isSet("VK_EXT_anything"));
    Target named = Target.parse("vulkan1.0", Set.of("VK_EXT_a"));
    assertTrue(named.isSet("VK_EXT_a"));
    assertFalse(named.isSet("VK_EXT_b"));
  }

  @Test
  void commaIsAnyPlusIsAll() {
    Target t = Target.parse("vulkan1.0", Set.of("VK_EXT_a"));
    assertTrue(t.holds(ifdef("VK_VERSION_1_2,VK_EXT_a")));
    assertFalse(t.holds(ifdef("VK_VERSION_1_2,VK_EXT_b")));
    assertTrue(t.holds(ifdef("VK_VERSION_1_0+VK_EXT_a")));
    assertFalse(t.holds(ifdef("VK_VERSION_1_0+VK_EXT_b")));
  }

  @Test
  void ifndefInvertsTheWholeExpression() {
    Target t = Target.parse("vulkan1.2", Set.of());
    // ifndef::a,b[] keeps content only when neither is set; ifndef::a+b[] unless both are.
    assertFalse(t.holds(ifndef("VK_VERSION_1_2,VK_EXT_a")));
    assertTrue(t.holds(ifndef("VK_VERSION_1_3,VK_EXT_a")));
    assertTrue(t.holds(ifndef("VK_VERSION_1_2+VK_EXT_a")));
    assertFalse(t.holds(ifndef("VK_VERSION_1_1+VK_VERSION_1_2")));
  }

  @Test
  void aStackHoldsWhenEveryEntryHolds() {
    List<Conditional> stack = List.of(ifdef("VK_EXT_a"), ifndef("VK_EXT_b"));
    assertTrue(Target.parse("vulkan1.0", Set.of("VK_EXT_a")).includes(stack));
    assertFalse(Target.parse("vulkan1.0", Set.of("VK_EXT_a", "VK_EXT_b")).includes(stack));
    assertFalse(Target.of("vulkan1.0").includes(stack));
    assertTrue(Target.of("vulkan1.0").includes(List.of()));
  }

  @Test
  void attributesAreCollectedSorted() {
    assertEquals("[VK_EXT_a, VK_EXT_b, VK_VERSION_1_2]",
        Target.attributes(List.of(ifdef("VK_VERSION_1_2,VK_EXT_b"), ifndef("VK_EXT_a"))).toString());
  }

  @Test
  void badNamesAreErrors() {
    GeneratorException e = assertThrows(GeneratorException.class, () -> Target.of("vulkan"));
    assertEquals("unknown target environment 'vulkan', expected one of vulkan1.0, vulkan1.1, vulkan1.2, vulkan1.3",
        e.getMessage());
    assertThrows(GeneratorException.class, () -> Target.parse("vulkan1.0", Set.of("VK_VERSION_1_1")));
    assertThrows(GeneratorException.class, () -> new Conditional("ifeval", "x"));
  }
}
