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
  private static final String URL = "https://github.com/KhronosGroup/glslang/issues/981";

  /** A compilers-emit block with {@code reason} and these reference lines. */
  private static String review(String reason, String... references) {
    StringBuilder b = new StringBuilder("  compilers-emit:\n    reason: \"" + reason + "\"\n    references:");
    for (String r : references) {
      b.append("\n    - ").append(r);
    }
    return references.length == 0 ? b.append(" []").toString() : b.toString();
  }

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
    String anchor = "https://registry.khronos.org/vulkan/specs/1.4-extensions/html/vkspec.html#" + r.vuid();
    RuleFile loaded = RuleLoader.parse(r.file(), withKey(r, review(NOTE, anchor, URL)));
    assertEquals(new RuleFile.CompilersEmit(NOTE, List.of(anchor, URL)), loaded.authored().compilersEmit());
  }

  @Test
  void theReviewIsCheckedAsData() throws Exception {
    RuleFile declarative = withStatus("declarative");
    RuleFile notCheckable = withStatus("not-checkable");
    Map<String, String[]> cases = new TreeMap<>();
    cases.put("status", new String[] {notCheckable.file(), review(NOTE, URL), "reports none"});
    cases.put("sentence", new String[] {declarative.file(), review("no period at the end", URL), "a sentence"});
    cases.put("long", new String[] {declarative.file(), review("x".repeat(RuleLoader.COMPILERS_EMIT_MAX) + ".", URL),
        "at most " + RuleLoader.COMPILERS_EMIT_MAX});
    cases.put("text", new String[] {declarative.file(), "  compilers-emit: \"" + NOTE + "\"", "a mapping of reason and references"});
    cases.put("no references", new String[] {declarative.file(), review(NOTE), "at least one URL"});
    cases.put("missing references", new String[] {declarative.file(), "  compilers-emit:\n    reason: \"" + NOTE + "\"",
        "missing 'references'"});
    cases.put("not a URL", new String[] {declarative.file(), review(NOTE, "glslang issue 981"), "an https URL"});
    cases.put("another anchor", new String[] {declarative.file(),
        review(NOTE, "https://registry.khronos.org/vulkan/specs/1.4-extensions/html/vkspec.html#VUID-Other-x-00001"),
        "this rule's anchor"});
    cases.put("twice", new String[] {declarative.file(), review(NOTE, URL, URL), "twice"});
    cases.put("unknown key", new String[] {declarative.file(), review(NOTE, URL) + "\n    why: x", "unknown compilers-emit key"});
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
