package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The authored key {@code compilers-emit} (validated data) and the readable rule names of {@link RuleNames}. */
class CompilersEmitTest {
  private static final String NOTE = "Right by the spec's words, yet a compiler emits such modules.";

  private static RuleFile withStatus(String status) {
    return RuleLoader.loadAll(CheckCompilerTest.ROOT.resolve("rules")).stream()
        .filter(r -> r.authored().status().equals(status) && r.authored().compilersEmit() == null)
        .findFirst().orElseThrow();
  }

  private static String withKey(RuleFile r, String line) throws Exception {
    String text = Files.readString(CheckCompilerTest.ROOT.resolve(r.file()));
    return text.replace("\nauthored:\n", "\nauthored:\n" + line + "\n");
  }

  @Test
  void aRuleWithACheckCarriesTheReview() throws Exception {
    RuleFile r = withStatus("declarative");
    assertNull(r.authored().compilersEmit());
    RuleFile loaded = RuleLoader.parse(r.file(), withKey(r, "  compilers-emit: \"" + NOTE + "\""));
    assertEquals(NOTE, loaded.authored().compilersEmit());
  }

  @Test
  void theReviewIsCheckedAsData() throws Exception {
    RuleFile declarative = withStatus("declarative");
    RuleFile notCheckable = withStatus("not-checkable");
    Map<String, String[]> cases = new TreeMap<>(Map.of(
        "status", new String[] {notCheckable.file(), "  compilers-emit: \"" + NOTE + "\"", "reports none"},
        "sentence", new String[] {declarative.file(), "  compilers-emit: \"no period at the end\"", "a sentence"},
        "long", new String[] {declarative.file(), "  compilers-emit: \"" + "x".repeat(RuleLoader.COMPILERS_EMIT_MAX) + ".\"",
            "at most " + RuleLoader.COMPILERS_EMIT_MAX},
        "list", new String[] {declarative.file(), "  compilers-emit: [a, b]", "must be text"}));
    for (Map.Entry<String, String[]> c : cases.entrySet()) {
      RuleFile r = c.getValue()[0].equals(declarative.file()) ? declarative : notCheckable;
      RuleError e = assertThrows(RuleError.class, () -> RuleLoader.parse(r.file(), withKey(r, c.getValue()[1])), c.getKey());
      assertTrue(e.getMessage().contains(c.getValue()[2]), c.getKey() + ": " + e.getMessage());
      assertTrue(e.getMessage().matches("^[^:]+:\\d+:\\d+: .*"), "a position: " + e.getMessage());
    }
  }

  @Test
  void namesComeFromTheSentenceAndAreUnique() {
    assertEquals("OriginLowerLeftExecutionModeMustNotBeUsed",
        RuleNames.name("The OriginLowerLeft execution mode must not be used."));
    assertEquals("OpTypeImageSampledTypeMustHaveTypeBitWidth",
        RuleNames.name("The OpTypeImage's Sampled Type must have a type of bit width 32 or 64."));
    // a leading condition gives way to the subject after its comma
    assertEquals("ArrayMustBeIndexedConstantIntegral",
        RuleNames.name("If the module declares X, an array must be indexed by constant integral expressions."));
    Map<String, String> same = new TreeMap<>(Map.of("VUID-A-x-00001", "The thing must hold.", "VUID-A-y-00002",
        "The thing must hold.", "VUID-A-z-00003", "Another thing must hold."));
    Map<String, String> names = RuleNames.names(same);
    assertEquals("ThingMustHold00001", names.get("VUID-A-x-00001"));
    assertEquals("ThingMustHold00002", names.get("VUID-A-y-00002"));
    assertEquals("AnotherThingMustHold", names.get("VUID-A-z-00003"));
  }

  @Test
  void everyProjectRuleGetsADistinctPascalCaseName() {
    Map<String, String> sentences = new TreeMap<>();
    for (RuleFile r : RuleLoader.loadAll(CheckCompilerTest.ROOT.resolve("rules"))) {
      if (!r.removed()) {
        sentences.put(r.vuid(), r.authored().message() != null ? r.authored().message()
            : r.text() == null ? r.vuid() : r.text());
      }
    }
    Map<String, String> names = RuleNames.names(sentences);
    Set<String> seen = new HashSet<>();
    for (Map.Entry<String, String> e : names.entrySet()) {
      assertTrue(e.getValue().matches("[A-Z][A-Za-z0-9]*"), e.toString());
      assertNotEquals(RuleFile.derivedName(e.getKey()), e.getValue(), e.getKey());
      assertTrue(seen.add(e.getValue()), "two rules named " + e.getValue());
    }
    assertEquals(List.copyOf(names.keySet()), List.copyOf(sentences.keySet()));
  }
}
