package dev.vkrules.generator.extract;

import java.util.List;
import java.util.Objects;

/**
 * One valid-usage rule of the appendix, as extracted.
 *
 * @param id the full VUID string, {@code VUID-StandaloneSpirv-None-04633}
 * @param section the ref page the VUID belongs to ({@code StandaloneSpirv}, {@code RuntimeSpirv})
 * @param conditions the block conditions guarding the VUID, outermost first
 * @param textConditions conditional fragments inside the VUID's own text (one-line
 *     {@code ifdef::X[text]} or a block directive opened inside the item)
 * @param line 1-based line of the VUID anchor in {@code file}
 * @param file the spec file name, relative to the spec directory
 * @param asciidoc the item's AsciiDoc source lines, verbatim (directives included)
 * @param text plain rendering of the whole item (principal text, then attached blocks, one
 *     per line); every conditional fragment's content is included
 * @param html the item's principal text as HTML without the VUID anchor, the spec's
 *     attributes and cross-reference titles resolved (leading space kept)
 * @param blocksHtml the HTML of the blocks attached to the item (nested lists, {@code +}
 *     continuations), joined with {@code \n}, resolved the same way; empty when none
 * @param htmlAsWritten {@link #html()} with the document attributes of
 *     {@code spec/config/attribs.adoc} left as written ({@code {ExecutionModel}}), as Khronos'
 *     extractor before 1.3.255 left them
 * @param hash sha256 (hex) of {@link #text()} encoded as UTF-8
 */
public record Vuid(
    String id,
    String section,
    List<Condition> conditions,
    List<TextCondition> textConditions,
    int line,
    String file,
    String asciidoc,
    String text,
    String html,
    String blocksHtml,
    String htmlAsWritten,
    String hash) {

  public Vuid {
    Objects.requireNonNull(id, "id");
    conditions = List.copyOf(conditions);
    textConditions = List.copyOf(textConditions);
  }

  /** The validusage.json condition key: {@code core} or e.g. {@code (VK_KHR_x)+!(VK_KHR_y)}. */
  public String conditionKey() {
    return Condition.key(conditions);
  }

  /**
   * The rule's derived name, shared by its YAML file's generated classes: {@code VUID-}
   * dropped and dashes removed ({@code StandaloneSpirvNone04633}).
   */
  public String derivedName() {
    return derivedName(id);
  }

  /** {@link #derivedName()} of a VUID string. */
  public static String derivedName(String vuid) {
    return vuid.replaceFirst("^VUID-", "").replace("-", "");
  }

  /**
   * A conditional fragment inside a VUID's text.
   *
   * @param condition the fragment's condition
   * @param line 1-based line where the fragment's content starts
   * @param asciidoc the fragment's AsciiDoc content
   */
  public record TextCondition(Condition condition, int line, String asciidoc) {}
}
