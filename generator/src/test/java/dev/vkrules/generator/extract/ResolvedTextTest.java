package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * VUID text that needs the rest of the spec ({@code spec/}): an attribute defined in terms
 * of another, cross-references with and without text, one-line and block conditionals
 * inside a VUID evaluated as an all-extensions build, nested bullets two levels deep; and
 * the same appendix without {@code spec/}, which extracts and names what it left as written.
 */
class ResolvedTextTest {
  static final String ADOC = """
      = Synthetic appendix

      [open,refpage='StandaloneSpirv',desc='Standalone',type='spirv']
      --
      :refpage: StandaloneSpirv

      .Valid Usage
      ****
        * [[VUID-{refpage}-Attr-00001]]
          The {ExecutionModel} must: be code:Vertex {times} 2
        * [[VUID-StandaloneSpirv-Xref-00002]]
          Built-ins not in <<interfaces-builtin-variables>> nor in
          <<interfaces-builtin-variables,the list>> must: not be used
        * [[VUID-StandaloneSpirv-Cond-00003]]
      ifdef::VK_EXT_extra[]
          If code:Extra is enabled, any
      endif::VK_EXT_extra[]
      ifndef::VK_EXT_extra[Any]
          variable
      ifdef::VK_KHR_disabled[never]
      ifndef::VK_KHR_disabled[always]
          counts
        * [[VUID-StandaloneSpirv-Nested-00004]]
          Each member must: be:
        ** at the first level
        *** at the second level
        ** back at the first
      ifdef::VK_KHR_disabled[]
        * [[VUID-StandaloneSpirv-Gone-00005]]
          Only in a build with a disabled extension
      endif::VK_KHR_disabled[]
      ****
      --
      """;

  static final String ATTRIBS = """
      // the spec's own attribute definitions
      :ExecutionPrefix: code:Execution
      :ExecutionModel: {ExecutionPrefix} code:Model
      :times: ×
      ifndef::backend-html5[]
      :times: x
      endif::backend-html5[]
      """;

  static final String CHAPTER = """
      [[interfaces-builtin-variables]]
      == Built-In Variables

      Text.
      """;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static ExtractedSpec withSpec;
  private static ExtractedSpec withoutSpec;

  @BeforeAll
  static void extract(@TempDir Path dir) throws IOException {
    Path full = Extraction.specDir(dir.resolve("full"), ADOC, SyntheticSpecTest.XML);
    Files.createDirectories(full.resolve("spec/config"));
    Files.createDirectories(full.resolve("spec/chapters"));
    Files.writeString(full.resolve("spec/config/attribs.adoc"), ATTRIBS);
    Files.writeString(full.resolve("spec/chapters/interfaces.adoc"), CHAPTER);
    withSpec = Extraction.extractor().extractFrom(full);
    withoutSpec = Extraction.extractor().extractFrom(Extraction.specDir(dir.resolve("bare"), ADOC, SyntheticSpecTest.XML));
  }

  private static Vuid vuid(ExtractedSpec spec, String id) {
    return spec.vuid(id).orElseThrow(() -> new AssertionError("missing " + id));
  }

  @Test
  void attributeDefinedInTermsOfAnother() {
    Vuid v = vuid(withSpec, "VUID-StandaloneSpirv-Attr-00001");
    assertEquals("The Execution Model must be Vertex × 2", v.text());
    assertTrue(v.html().contains("<code>Execution</code> <code>Model</code>"), v.html());
    assertTrue(v.htmlAsWritten().contains("{ExecutionModel}"), v.htmlAsWritten());
  }

  @Test
  void crossReferencesWithAndWithoutText() {
    Vuid v = vuid(withSpec, "VUID-StandaloneSpirv-Xref-00002");
    assertEquals("Built-ins not in Built-In Variables nor in the list must not be used", v.text());
    assertTrue(v.html().contains("<a href=\"#interfaces-builtin-variables\">Built-In Variables</a>"), v.html());
  }

  @Test
  void conditionalsInsideAVuidAreEvaluatedAndRecorded() {
    Vuid v = vuid(withSpec, "VUID-StandaloneSpirv-Cond-00003");
    assertEquals("If Extra is enabled, any variable always counts", v.text());
    assertEquals(List.of("ifdef::VK_EXT_extra[]", "ifndef::VK_EXT_extra[]", "ifdef::VK_KHR_disabled[]",
        "ifndef::VK_KHR_disabled[]"), v.textConditions().stream().map(t -> t.condition().toString()).toList());
  }

  @Test
  void nestedBulletsTwoLevelsDeep() throws IOException {
    Vuid v = vuid(withSpec, "VUID-StandaloneSpirv-Nested-00004");
    assertEquals("Each member must be:\nat the first level at the second level back at the first", v.text());
    String text = khronosText(withSpec, v.id());
    assertTrue(text.startsWith("Each member <strong class=\"purple\">must</strong> be:<div class=\"ulist\">"), text);
    assertTrue(text.indexOf("at the first level") < text.indexOf("at the second level")
        && text.indexOf("at the second level") < text.indexOf("back at the first"), text);
    assertEquals(2, text.split("<ul>", -1).length - 1, "two list levels: " + text);
  }

  @Test
  void vuidGuardedByAConditionIsKeptWithItAndLeftOutOfTheBuild() throws IOException {
    Vuid v = vuid(withSpec, "VUID-StandaloneSpirv-Gone-00005");
    assertEquals("(VK_KHR_disabled)", v.conditionKey());
    assertEquals(null, khronosText(withSpec, v.id()));
    assertEquals(4, JSON.readTree(ValidUsageJson.render(withSpec)).get("validation").get("StandaloneSpirv")
        .get("core").size());
  }

  @Test
  void withoutSpecTheTextStaysAsWrittenAndSaysSo() {
    assertEquals("The {ExecutionModel} must be Vertex {times} 2",
        vuid(withoutSpec, "VUID-StandaloneSpirv-Attr-00001").text());
    assertEquals("Built-ins not in [interfaces-builtin-variables] nor in the list must not be used",
        vuid(withoutSpec, "VUID-StandaloneSpirv-Xref-00002").text());
    assertEquals(List.of("attribute {ExecutionModel} has no definition (no spec/ directory)",
        "attribute {times} has no definition (no spec/ directory)",
        "cross-reference <<interfaces-builtin-variables>> has no title (no spec/ directory)"),
        withoutSpec.unresolved());
    assertEquals(List.of(), withSpec.unresolved());
  }

  @Test
  void khronosExtractorEraFollowsTheRelease() {
    assertTrue(ValidUsageJson.legacy("1.3.239"));
    assertTrue(ValidUsageJson.legacy("1.2.203"));
    assertFalse(ValidUsageJson.legacy("1.3.255"));
    assertFalse(ValidUsageJson.legacy("1.4.335"));
    assertFalse(ValidUsageJson.legacy(""));
  }

  /** The text validusage-json gives a VUID, null when it leaves the VUID out. */
  private static String khronosText(ExtractedSpec spec, String id) throws IOException {
    List<JsonNode> found = new ArrayList<>();
    JSON.readTree(ValidUsageJson.render(spec)).get("validation").forEach(section ->
        section.forEach(key -> key.forEach(e -> {
          if (e.get("vuid").asText().equals(id)) {
            found.add(e.get("text"));
          }
        })));
    return found.isEmpty() ? null : found.get(0).asText();
  }
}
