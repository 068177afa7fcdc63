package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The optional authored key {@code peers}: a rule with it loads, an unknown key still fails. */
class PeersKeyTest {
  private static RuleFile notCheckable() {
    return RuleLoader.loadAll(CheckCompilerTest.ROOT.resolve("rules")).stream()
        .filter(r -> r.authored().status().equals("not-checkable")).findFirst().orElseThrow();
  }

  private static String withKey(RuleFile r, String line) throws Exception {
    String text = Files.readString(CheckCompilerTest.ROOT.resolve(r.file()));
    return text.replace("\nauthored:\n", "\nauthored:\n" + line + "\n");
  }

  @Test
  void aRuleWithPeersLoads() throws Exception {
    RuleFile r = notCheckable();
    String text = withKey(r, "  peers: \"Vulkan-ValidationLayers does not check this VUID.\"");
    assertTrue(text.contains("  peers: "), "the authored block should carry the key");
    RuleFile loaded = RuleLoader.parse(r.file(), text);
    assertEquals(r.vuid(), loaded.vuid());
    assertEquals(r.authored().status(), loaded.authored().status());
  }

  @Test
  void anUnknownAuthoredKeyStillFails() throws Exception {
    RuleFile r = notCheckable();
    RuleError e = assertThrows(RuleError.class,
        () -> RuleLoader.parse(r.file(), withKey(r, "  peer: \"typo\"")));
    assertTrue(e.getMessage().contains("unknown authored key 'peer'"), e.getMessage());
    assertTrue(e.getMessage().contains("peers"), "the suggestion should name peers: " + e.getMessage());
  }
}
