package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small spec written the way newer releases write theirs: literal VUID anchors, indented
 * items, one-line {@code ifdef::X[text]} inside rule text, nested and combined conditions,
 * a table the 1.3.239 appendix does not have, and a generated include.
 */
class SyntheticSpecTest {
  static final String ADOC = """
      = Synthetic appendix

      :refpage: ignored-before-the-block

      [[spirvenv-module-validation-standalone]]
      == Standalone

      [open,refpage='StandaloneSpirv',desc='Standalone',type='spirv']
      --
      :refpage: StandaloneSpirv

      .Valid Usage
      ****
        * [[VUID-{refpage}-None-00001]]
          Every code:OpFoo must: be *bold*
      ifdef::VK_EXT_extra[]
          and code:Extra
      endif::VK_EXT_extra[]
          in all cases
        * [[VUID-StandaloneSpirv-Literal-00002]]
          Literal anchors must: work,
      ifdef::VK_KHR_inline[or code:InlineThing,]
      ifndef::VK_KHR_other[unless not]
      ifdef::VK_KHR_disabled[never shown]
          too
      ifdef::VK_A,VK_B[]
      ifndef::VK_C+VK_D[]
        * [[VUID-{refpage}-Nested-00003]]
          Nested conditions, any-of outside and not all-of inside
      endif::VK_C+VK_D[]
      endif::VK_A,VK_B[]
      ****
      --

      == Runtime

      [open,refpage='RuntimeSpirv',desc='Runtime',type='spirv']
      --
      :refpage: RuntimeSpirv

      .Valid Usage
      ****
      ifdef::VK_E[]
      * [[VUID-{refpage}-Runtime-00004]]
      If <<features-foo, pname:foo>> is not enabled, code:Foo must: not be used
      endif::VK_E[]
      ****
      --

      [[new-table-anchor]]
      .A table a newer release adds
      [options="header"]
      |====
      | Name | Kind | Width
      | code:A .2+| shared | 8
      | code:B | 16
      2+| both columns | 32
      |====

      .Generated elsewhere
      [options="header"]
      |====
      | Capability | Enable
      include::{generated}/spirvcap/captable.adoc[]
      |====
      """;

  /**
   * The registry of an all-extensions build: VK_EXT_extra and VK_KHR_inline are Vulkan
   * extensions, VK_KHR_other is Vulkan SC's only, VK_KHR_disabled is disabled.
   */
  static final String XML = Extraction.SMALL_XML.replace("<spirvextensions>", """
        <feature api="vulkan" name="VK_VERSION_1_0" number="1.0"/>
        <extensions>
          <extension name="VK_EXT_extra" supported="vulkan"/>
          <extension name="VK_KHR_inline" supported="vulkan,vulkansc"/>
          <extension name="VK_KHR_other" supported="vulkansc"/>
          <extension name="VK_KHR_disabled" supported="disabled"/>
        </extensions>
        <spirvextensions>""");

  private static ExtractedSpec spec;
  private static List<String> lines;

  @BeforeAll
  static void extract(@TempDir Path dir) {
    spec = Extraction.extractor().extractFrom(Extraction.specDir(dir.resolve("spec"), ADOC, XML));
    lines = List.of(ADOC.split("\n", -1));
  }

  private static Vuid vuid(String id) {
    return spec.vuid(id).orElseThrow(() -> new AssertionError("missing " + id + " in " + spec.vuids()));
  }

  private static int lineOf(String text) {
    return lines.indexOf(lines.stream().filter(l -> l.contains(text)).findFirst().orElseThrow()) + 1;
  }

  @Test
  void refpageAndLiteralAnchorsInBothSections() {
    assertEquals(List.of("VUID-StandaloneSpirv-None-00001", "VUID-StandaloneSpirv-Literal-00002",
        "VUID-StandaloneSpirv-Nested-00003", "VUID-RuntimeSpirv-Runtime-00004"),
        spec.vuids().stream().map(Vuid::id).toList());
    assertEquals("RuntimeSpirv", vuid("VUID-RuntimeSpirv-Runtime-00004").section());
    assertEquals(lineOf("Literal-00002"), vuid("VUID-StandaloneSpirv-Literal-00002").line());
    assertEquals(lineOf("Runtime-00004"), vuid("VUID-RuntimeSpirv-Runtime-00004").line());
  }

  @Test
  void blockFragmentInsideAnItemIsRecordedAndRendered() {
    Vuid v = vuid("VUID-StandaloneSpirv-None-00001");
    assertEquals(List.of(), v.conditions());
    assertEquals("Every OpFoo must be bold and Extra in all cases", v.text());
    assertEquals(1, v.textConditions().size());
    Vuid.TextCondition fragment = v.textConditions().get(0);
    assertEquals(new Condition(Directive.IFDEF, "VK_EXT_extra", lineOf("ifdef::VK_EXT_extra[]")), fragment.condition());
    assertEquals("and code:Extra", fragment.asciidoc().strip());
    assertTrue(v.asciidoc().contains("ifdef::VK_EXT_extra[]") && v.asciidoc().endsWith("in all cases"), v.asciidoc());
  }

  @Test
  void oneLineConditionalsInsideRuleText() {
    Vuid v = vuid("VUID-StandaloneSpirv-Literal-00002");
    assertEquals(List.of(), v.conditions(), "one-line forms guard text, not the VUID");
    assertEquals("Literal anchors must work, or InlineThing, unless not too", v.text());
    assertEquals(List.of(
        new Vuid.TextCondition(new Condition(Directive.IFDEF, "VK_KHR_inline", lineOf("VK_KHR_inline")),
            lineOf("VK_KHR_inline"), "or code:InlineThing,"),
        new Vuid.TextCondition(new Condition(Directive.IFNDEF, "VK_KHR_other", lineOf("VK_KHR_other")),
            lineOf("VK_KHR_other"), "unless not"),
        new Vuid.TextCondition(new Condition(Directive.IFDEF, "VK_KHR_disabled", lineOf("VK_KHR_disabled")),
            lineOf("VK_KHR_disabled"), "never shown")), v.textConditions());
    assertTrue(v.asciidoc().contains("ifdef::VK_KHR_inline[or code:InlineThing,]"));
    assertTrue(v.asciidoc().contains("ifdef::VK_KHR_disabled[never shown]"));
    assertTrue(v.html().contains("<code>InlineThing</code>"), v.html());
  }

  @Test
  void nestedAnyOfAndAllOfConditions() {
    Vuid v = vuid("VUID-StandaloneSpirv-Nested-00003");
    assertEquals("(VK_A,VK_B)+!(VK_C+VK_D)", v.conditionKey());
    assertEquals(Condition.Combinator.ANY_OF, v.conditions().get(0).combinator());
    assertEquals(Condition.Combinator.ALL_OF, v.conditions().get(1).combinator());
    assertEquals(List.of("VK_C", "VK_D"), v.conditions().get(1).attributes());
    assertTrue(v.conditions().stream().allMatch(c -> c.holds(Set.of("VK_B", "VK_C"))));
    assertTrue(!v.conditions().get(1).holds(Set.of("VK_C", "VK_D")));
    assertEquals(List.of(), v.textConditions());
  }

  @Test
  void runtimeVuidWithFeatureLink() {
    Vuid v = vuid("VUID-RuntimeSpirv-Runtime-00004");
    assertEquals("(VK_E)", v.conditionKey());
    assertEquals("If foo is not enabled, Foo must not be used", v.text());
    assertTrue(v.html().contains("<a href=\"#features-foo\"><code>foo</code></a>"), v.html());
  }

  @Test
  void aNewTableIsExtractedWithSpansKeyedByItsTitleNotItsAnchor() {
    // An anchor upstream adds to a titled table must not rename its file or --table name.
    List<SpecTable> tables = spec.tables("a-table-a-newer-release-adds");
    assertEquals(1, tables.size());
    assertEquals(List.of(), spec.tables("new-table-anchor"));
    SpecTable t = tables.get(0);
    assertEquals("new-table-anchor", t.anchor());
    assertEquals("A table a newer release adds", t.title());
    assertEquals(List.of("Name", "Kind", "Width"), t.header().get(0).stream().map(SpecTable.Cell::text).toList());
    assertEquals(List.of(List.of("A", "shared", "8"), List.of("B", "shared", "16"),
        List.of("both columns", "both columns", "32")),
        t.rows().stream().map(r -> r.stream().map(SpecTable.Cell::text).toList()).toList());
    assertTrue(!t.rows().get(1).get(1).rowSpanStart() && !t.rows().get(2).get(1).colSpanStart());
  }

  @Test
  void generatedIncludeDoesNotFailAndIsRecorded() {
    SpecTable t = spec.tables("generated-elsewhere").get(0);
    assertEquals("{generated}/spirvcap/captable.adoc", t.include());
    assertEquals(List.of(), t.rows());
    String caps = TableFiles.render(spec).get("capabilities.yaml");
    assertTrue(caps.contains("title: Generated elsewhere"), caps);
    assertTrue(!TableFiles.render(spec).containsKey("generated-elsewhere.yaml"));
  }

  @Test
  void registryFormsAndVersion() {
    RegistryTables r = spec.registry();
    assertEquals("1.9.999", r.apiVersion());
    assertEquals(Set.of("VK_VERSION_1_0", "VK_EXT_extra", "VK_KHR_inline"), r.buildAttributes());
    assertEquals(List.of("Shader", "Foo"), r.capabilities().stream().map(RegistryTables.SpirvEntry::name).toList());
    assertEquals(List.of(new RegistryTables.FeatureEnable("VkPhysicalDeviceFooFeatures", "foo", "VK_KHR_foo", "fooKHR"),
        new RegistryTables.PropertyEnable("VkPhysicalDeviceBarProperties", "bar", "VK_TRUE", "VK_VERSION_1_2,VK_KHR_bar")),
        r.capabilities().get(1).enables());
    assertEquals(List.of(new RegistryTables.VersionEnable("VK_VERSION_1_1"), new RegistryTables.ExtensionEnable("VK_KHR_x")),
        r.extensions().get(0).enables());
    assertEquals(List.of(new RegistryTables.ImageFormat("R8", List.of("VK_FORMAT_R8_UNORM", "VK_FORMAT_R8_SRGB")),
        new RegistryTables.ImageFormat("R32f", List.of("VK_FORMAT_R32_SFLOAT"))), r.imageFormats());
  }
}
