package dev.vkrules.generator.audit;

import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.regex.Pattern;

/**
 * What {@code diff} compares of one spec-source tree: the extractor's output reduced to
 * comparable values (strings, sorted sets), keyed by stable identities.
 *
 * @param vuids VUIDs by id
 * @param capabilities SPIR-V capabilities by name, with their enables
 * @param extensions SPIR-V extensions by name, with their enables
 * @param imageFormats SPIR-V image formats by name
 * @param tables the appendix's own tables by {@link TableFact#identity()}
 * @param capabilityValues each capability name of the tree's SPIR-V grammar
 *     ({@code spirv/spirv.core.grammar.json}), aliases included, to its value; empty
 *     without a grammar
 */
public record SpecFacts(
    SortedMap<String, VuidFact> vuids,
    SortedMap<String, EntryFact> capabilities,
    SortedMap<String, EntryFact> extensions,
    SortedMap<String, FormatFact> imageFormats,
    SortedMap<String, TableFact> tables,
    SortedMap<String, Integer> capabilityValues) {

  private static final Pattern ANCHOR = Pattern.compile("\\[\\[VUID-[^\\]]*\\]\\]");
  /** A block conditional directive on a line of its own: covered by the condition comparison. */
  private static final Pattern DIRECTIVE_LINE =
      Pattern.compile("(?m)^[ \\t]*(?:ifdef|ifndef|ifeval|endif)::[^\\[]*\\[\\][ \\t]*(?:\\n|$)");

  /**
   * One VUID.
   *
   * @param id {@code VUID-StandaloneSpirv-None-04633}
   * @param section {@code StandaloneSpirv}
   * @param condition the block condition key ({@code core}, {@code (VK_KHR_x)+!(VK_KHR_y)})
   * @param textConditions keys of the conditional fragments inside the VUID's text, in order
   * @param source {@code spirvenv.adoc:168}
   * @param asciidoc the item's AsciiDoc source
   * @param text the plain rendering
   * @param hash the hash of the normalized plain text
   */
  public record VuidFact(String id, String section, String condition, List<String> textConditions,
      String source, String asciidoc, String text, String hash) {
    public VuidFact {
      textConditions = List.copyOf(textConditions);
    }

    /** The VUID's number, its last dash-separated part ({@code 04633}). */
    public String number() {
      return id.substring(id.lastIndexOf('-') + 1);
    }

    /**
     * The AsciiDoc source without its anchor and block directives, so that a rename or a
     * new enclosing ifdef is not also reported as a markup change.
     */
    public String markup() {
      return DIRECTIVE_LINE.matcher(ANCHOR.matcher(asciidoc).replaceAll("")).replaceAll("").strip();
    }
  }

  /**
   * A SPIR-V capability or extension.
   *
   * @param enables each {@code <enable>} spelled canonically ({@code version VK_VERSION_1_1},
   *     {@code feature VkPhysicalDeviceFeatures::shaderInt64 requires VK_VERSION_1_0}); any one suffices
   */
  public record EntryFact(String name, SortedSet<String> enables) {}

  /** A SPIR-V image format and its compatible {@code VkFormat}s, in registry order. */
  public record FormatFact(String name, List<String> vkFormats) {
    public FormatFact {
      vkFormats = List.copyOf(vkFormats);
    }
  }

  /**
   * A table of the appendix.
   *
   * @param key the extractor's stable key (anchor, title or section)
   * @param condition the block condition key guarding it; variants share a key
   * @param title the table's title, for people
   * @param include the generated file it includes ({@code {generated}/...}), or empty
   * @param header header rows, cells in plain text
   * @param rows body rows with spans expanded, cells in plain text
   */
  public record TableFact(String key, String condition, String title, String include,
      List<List<String>> header, List<List<String>> rows) {
    public TableFact {
      header = header.stream().map(List::copyOf).toList();
      rows = rows.stream().map(List::copyOf).toList();
    }

    /** Key and condition: tables that share a key are variants under different conditions. */
    public String identity() {
      return "core".equals(condition) ? key : key + " " + condition;
    }
  }
}
