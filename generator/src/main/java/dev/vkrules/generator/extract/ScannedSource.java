package dev.vkrules.generator.extract;

import java.util.List;
import java.util.Map;

/**
 * An AsciiDoc file after {@link DirectiveScanner}: the text AsciidoctorJ parses, with the
 * conditional directives it would have evaluated and dropped recorded per line instead.
 *
 * <p>Line {@code n} of {@link #text()} is line {@link #originalLine(int) originalLine(n)} of the
 * original file: the lines a conditional evaluated inside a VUID item leaves out are skipped.
 *
 * @param file the file name used in positions ({@code spirvenv.adoc})
 * @param original the original lines
 * @param text the lines handed to AsciidoctorJ, joined with {@code \n}
 * @param lineMap per line of {@code text} (index 0 = line 1), its 1-based original line
 * @param stacks per line (index 0 = line 1), the enclosing block conditions, outermost first
 * @param inlineConditions one-line {@code ifdef::X[text]} directives, by line
 * @param includes include directives, by line, with their target as written
 * @param attributeEntries the attribute entries ({@code :name: value}, {@code :name!:}) in
 *     line order, with their values as written
 */
public record ScannedSource(
    String file,
    List<String> original,
    String text,
    int[] lineMap,
    List<List<Condition>> stacks,
    Map<Integer, InlineCondition> inlineConditions,
    Map<Integer, String> includes,
    List<AttributeEntry> attributeEntries) {

  /** An attribute entry; {@code value} is null when the entry unsets the attribute. */
  public record AttributeEntry(int line, String name, String value) {}

  /** A one-line {@code ifdef::EXPR[content]} directive. */
  public record InlineCondition(Condition condition, String content) {}

  /** The original line of 1-based line {@code textLine} of {@link #text()}. */
  public int originalLine(int textLine) {
    return textLine >= 1 && textLine <= lineMap.length ? lineMap[textLine - 1] : textLine;
  }

  /** Conditions enclosing 1-based {@code line}. */
  public List<Condition> stackAt(int line) {
    return stacks.get(line - 1);
  }

  /** The original text of 1-based {@code line}. */
  public String line(int line) {
    return original.get(line - 1);
  }

  /** Number of lines. */
  public int lineCount() {
    return original.size();
  }
}
