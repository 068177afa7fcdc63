package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.TextMutator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code extract --spec DIR} reads whatever release a user points it at: mutated copies of a
 * slice of the pinned appendix (its header and the first VUIDs of the Standalone section) and of
 * a small registry either extract, or fail with one line that names the file (and the line where
 * there is one), never with another exception. Seeded ({@code -Dvkrules.fuzz.seed=S}, default 1;
 * {@code -Dvkrules.fuzz.tries-factor=N}).
 */
class SpecFuzzTest {
  private static final long SEED = Long.getLong("vkrules.fuzz.seed", 1);
  private static final int FACTOR = Integer.getInteger("vkrules.fuzz.tries-factor", 1);
  private static final Pattern ONE_LINE_NAMING_A_FILE =
      Pattern.compile("[^\\n]* at (\\S*/)?(spirvenv\\.adoc|vk\\.xml)(:\\d+)?");
  /** AsciiDoc's block and inline syntax, the preprocessor, and the VUID anchor forms. */
  private static final String[] ADOC_TOKENS = {"ifdef::VK_KHR_x[]\n", "ifndef::VK_VERSION_1_1[]\n", "endif::VK_KHR_x[]\n",
      "ifdef::VK_KHR_x[a one-line conditional]\n", "****\n", "|===\n", "[[", "]]", "[[VUID-{refpage}-A-00001]]",
      "[[VUID-StandaloneSpirv-A-00002]]", "{refpage}", "{unset}", "<<spirvenv-module-validation,x>>", "<<", ">>",
      "* ", "** ", "*** ", "+\n", "::", "code:", "must:", "[source]\n----\n", "----\n", "\n", "\n\n", "= ", "=== ",
      ":refpage: X\n", "include::vk.xml[]\n", "pass:[", "`", "\\"};
  private static final String[] XML_TOKENS = {"<", ">", "</", "/>", "\"", "&", "&amp;", "<!--", "-->", "<![CDATA[",
      "<spirvcapability name=\"B\">", "<enable version=\"VK_VERSION_9_9\"/>", "<enable extension=\"\"/>",
      "<format name=\"VK_FORMAT_X\">", "</spirvcapabilities>", "\n"};
  private static final String APPENDIX = slice();

  @TempDir Path dir;

  private static String slice() {
    try {
      List<String> lines = Files.readAllLines(Extraction.specSourcesDir().resolve(SpecExtractor.APPENDIX));
      int standalone = lines.indexOf("=== Standalone SPIR-V Validation");
      List<String> out = new ArrayList<>(lines.subList(0, 62));
      out.addAll(lines.subList(standalone - 1, standalone + 160));
      out.add("****");
      return String.join("\n", out) + "\n";
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void mutatedSpecSourcesExtractOrFailWithAPosition() {
    Random rnd = new Random(SEED);
    int tries = 60 * FACTOR;
    int extracted = 0;
    for (int i = 0; i < tries; i++) {
      boolean xml = rnd.nextInt(4) == 0;
      String adoc = xml ? APPENDIX : TextMutator.mutate(APPENDIX, 0, ADOC_TOKENS, 4, rnd);
      String registry = xml ? TextMutator.mutate(Extraction.SMALL_XML, 0, XML_TOKENS, 4, rnd) : Extraction.SMALL_XML;
      Path spec = Extraction.specDir(dir.resolve("spec" + i), adoc, registry);
      try {
        Extraction.extractor().extractFrom(spec);
        extracted++;
      } catch (GeneratorException e) {
        if (!ONE_LINE_NAMING_A_FILE.matcher(e.getMessage()).matches()) {
          throw new AssertionError("input " + i + " of seed " + SEED + " (" + spec + "): not one line naming a file: "
              + e.getMessage());
        }
      } catch (RuntimeException | StackOverflowError e) {
        throw new AssertionError("input " + i + " of seed " + SEED + " (" + spec + ") escaped", e);
      }
    }
    assertTrue(extracted > tries / 20 && extracted < tries - tries / 20, "extracted " + extracted + " of " + tries);
    System.out.println("spec fuzz: " + tries + " mutated spec directories, " + extracted + " extracted");
  }
}
