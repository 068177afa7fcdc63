package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input: one line naming file and line, no stack trace needed to understand it. */
class SpecErrorsTest {
  @TempDir Path dir;

  private static final String HEAD = "= T\n\n:refpage: StandaloneSpirv\n\n.Valid Usage\n****\n";
  private static final String TAIL = "****\n";

  private String fail(String adoc, String xml) {
    Path spec = Extraction.specDir(dir.resolve("spec"), adoc, xml);
    SpecSyntaxException e = assertThrows(SpecSyntaxException.class, () -> Extraction.extractor().extractFrom(spec));
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    return e.getMessage().replace(spec.toString() + "/", "");
  }

  private String failAdoc(String body) {
    return fail(HEAD + body + TAIL, Extraction.SMALL_XML);
  }

  @Test
  void endifWithoutIfdef() {
    assertEquals("endif::VK_A[] without a matching ifdef or ifndef at spirvenv.adoc:9",
        failAdoc("* [[VUID-{refpage}-A-00001]]\ntext\nendif::VK_A[]\n"));
  }

  @Test
  void ifdefNeverClosed() {
    assertEquals("ifdef::VK_A[] is never closed by an endif at spirvenv.adoc:7",
        failAdoc("ifdef::VK_A[]\n* [[VUID-{refpage}-A-00001]]\ntext\n"));
  }

  @Test
  void endifClosingTheWrongBlock() {
    assertEquals("endif::VK_B[] does not close ifndef::VK_A[] from line 7 at spirvenv.adoc:10",
        failAdoc("ifndef::VK_A[]\n* [[VUID-{refpage}-A-00001]]\ntext\nendif::VK_B[]\n"));
  }

  @Test
  void duplicateVuid() {
    assertEquals("duplicate VUID-StandaloneSpirv-A-00001 (first at line 7) at spirvenv.adoc:9",
        failAdoc("* [[VUID-{refpage}-A-00001]]\ntext\n* [[VUID-StandaloneSpirv-A-00001]]\nliteral\n"));
  }

  @Test
  void anchorWithNoText() {
    assertEquals("VUID-StandaloneSpirv-A-00001 has no text at spirvenv.adoc:7",
        failAdoc("* [[VUID-{refpage}-A-00001]]\n* [[VUID-{refpage}-A-00002]]\ntext\n"));
  }

  @Test
  void anchorOutsideAListItem() {
    assertEquals("VUID anchor [[VUID-StandaloneSpirv-A-00001]] does not start a list item at spirvenv.adoc:7",
        failAdoc("[[VUID-StandaloneSpirv-A-00001]] a paragraph\n"));
  }

  @Test
  void anchorWithAnUnsetAttribute() {
    assertEquals("VUID anchor VUID-{nowhere}-A-00001 uses an attribute that is not set here at spirvenv.adoc:7",
        failAdoc("* [[VUID-{nowhere}-A-00001]]\ntext\n"));
  }

  /** Found by SpecFuzzTest: an anchor cut by a line break was quoted over two lines. */
  @Test
  void anchorCutByALineBreakIsQuotedOnOneLine() {
    String message = failAdoc("* [[VUID-{refpage}-Una\nb-00001]]\ntext\n");
    assertTrue(message.startsWith("malformed VUID 'VUID-StandaloneSpirv-Una\\nb-00001'"), message);
  }

  @Test
  void malformedXml() {
    String message = fail(HEAD + "* [[VUID-{refpage}-A-00001]]\ntext\n" + TAIL,
        "<registry>\n<spirvcapabilities>\n<spirvcapability name=\"A\">\n</spirvcapabilities>\n</registry>\n");
    assertTrue(message.startsWith("malformed XML: "), message);
    assertTrue(message.endsWith(" at vk.xml:4"), message);
  }

  @Test
  void enableWithNoForm() {
    String message = fail(HEAD + "* [[VUID-{refpage}-A-00001]]\ntext\n" + TAIL,
        "<registry>\n<spirvcapabilities>\n<spirvcapability name=\"A\">\n<enable requires=\"X\"/>\n"
            + "</spirvcapability>\n</spirvcapabilities>\n</registry>\n");
    assertEquals("<enable> needs exactly one of version, extension, struct or property at vk.xml:4", message);
  }

  @Test
  void missingInputFile() throws Exception {
    Path spec = Files.createDirectories(dir.resolve("empty"));
    Files.writeString(spec.resolve(SpecExtractor.APPENDIX), HEAD + TAIL);
    SpecSyntaxException e = assertThrows(SpecSyntaxException.class, () -> Extraction.extractor().extractFrom(spec));
    assertEquals("missing input file at " + spec.resolve("vk.xml"), e.getMessage());
  }
}
