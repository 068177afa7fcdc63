package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.generator.GeneratorException;
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

  private static String mutate(String text, String[] tokens, Random rnd) {
    StringBuilder b = new StringBuilder(text);
    int n = 1 + rnd.nextInt(4);
    for (int i = 0; i < n; i++) {
      int at = rnd.nextInt(b.length());
      switch (rnd.nextInt(4)) {
        case 0 -> b.insert(at, tokens[rnd.nextInt(tokens.length)]);
        case 1 -> b.delete(at, Math.min(b.length(), at + 1 + rnd.nextInt(12)));
        case 2 -> b.setCharAt(at, (char) (32 + rnd.nextInt(95)));
        default -> {
          int start = b.lastIndexOf("\n", at) + 1;
          int end = b.indexOf("\n", at);
          end = end < 0 ? b.length() : end + 1;
          if (rnd.nextBoolean()) {
            b.delete(start, end);
          } else {
            b.insert(start, b.substring(start, end));
          }
        }
      }
    }
    return b.toString();
  }

  @Test
  void mutatedSpecSourcesExtractOrFailWithAPosition() {
    Random rnd = new Random(SEED);
    int tries = 60 * FACTOR;
    int extracted = 0;
    for (int i = 0; i < tries; i++) {
      boolean xml = rnd.nextInt(4) == 0;
      String adoc = xml ? APPENDIX : mutate(APPENDIX, ADOC_TOKENS, rnd);
      String registry = xml ? mutate(Extraction.SMALL_XML, XML_TOKENS, rnd) : Extraction.SMALL_XML;
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
