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
  /** The VUID items of the Standalone section the slice keeps at least. */
  static final int WINDOW_VUIDS = 40;
  private static final Pattern ANCHOR = Pattern.compile("\\[\\[[^\\]]+\\]\\]");
  private static final Pattern VUID_ITEM = Pattern.compile("^\\s*\\*+ \\[\\[VUID-");
  private static final Pattern BLOCK_OPEN = Pattern.compile("(ifdef|ifndef)::[^\\[]*\\[\\]");
  private static final String APPENDIX = slice();

  @TempDir Path dir;

  private static String slice() {
    String other = System.getProperty("vkrules.fuzz.spec");
    Path spec = other == null || other.isBlank() ? Extraction.specSourcesDir() : Path.of(other);
    try {
      return slice(Files.readAllLines(spec.resolve(SpecExtractor.APPENDIX)), WINDOW_VUIDS);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The slice, derived from the appendix read (any release): its header (everything before the
   * second {@code ==} section and that section's anchor) and the Standalone section from its
   * anchor through the first {@code vuids} VUID items or a few more, cut before a VUID anchor
   * outside every ifdef/ifndef block, so the slice ends on complete items; then a closing line.
   */
  static String slice(List<String> lines, int vuids) {
    int second = -1;
    int sections = 0;
    for (int i = 0; i < lines.size() && second < 0; i++) {
      if (lines.get(i).startsWith("== ") && ++sections == 2) {
        second = i;
      }
    }
    int standalone = lines.indexOf("=== Standalone SPIR-V Validation");
    if (second < 0 || standalone < 0) {
      throw new IllegalStateException("the appendix has no second == section or no Standalone section");
    }
    int headerEnd = second > 0 && ANCHOR.matcher(lines.get(second - 1)).matches() ? second - 1 : second;
    int start = standalone > 0 && ANCHOR.matcher(lines.get(standalone - 1)).matches() ? standalone - 1 : standalone;
    int depth = 0;
    int seen = 0;
    int end = -1;
    for (int i = start; i < lines.size() && end < 0; i++) {
      String line = lines.get(i);
      if (VUID_ITEM.matcher(line).find()) {
        if (seen >= vuids && depth == 0) {
          end = i;
        }
        seen++;
      }
      if (BLOCK_OPEN.matcher(line).matches()) {
        depth++;
      } else if (line.startsWith("endif::")) {
        depth--;
      }
    }
    if (end < 0) {
      throw new IllegalStateException("the Standalone section has no VUID anchor outside ifdef blocks after its first "
          + vuids + " VUIDs (" + seen + " VUIDs)");
    }
    List<String> out = new ArrayList<>(lines.subList(0, headerEnd));
    out.addAll(lines.subList(start, end));
    out.add("****");
    return String.join("\n", out) + "\n";
  }

  /** Unmutated, the slice extracts with every VUID item it holds, so mutations start from a valid spec. */
  @Test
  void theSliceItselfExtractsWithAllItsVuids() {
    long items = APPENDIX.lines().filter(l -> VUID_ITEM.matcher(l).find()).count();
    Path spec = Extraction.specDir(dir.resolve("unmutated"), APPENDIX, Extraction.SMALL_XML);
    int extracted = Extraction.extractor().extractFrom(spec).vuids().size();
    assertTrue(items >= WINDOW_VUIDS, items + " VUID items");
    assertTrue(extracted >= WINDOW_VUIDS && extracted <= items, "extracted " + extracted + " of " + items + " VUID items");
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
