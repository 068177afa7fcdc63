package dev.vkrules.generator.extract;

import java.util.List;
import java.util.Map;

/**
 * An AsciiDoc file after {@link DirectiveScanner}: the text AsciidoctorJ parses, with the
 * conditional directives it would have evaluated and dropped recorded per line instead.
 *
 * <p>Line {@code n} of {@link #text()} is line {@code n} of the original file, so
 * AsciidoctorJ's source map points into the original.
 *
 * @param file the file name used in positions ({@code spirvenv.adoc})
 * @param original the original lines
 * @param text the lines handed to AsciidoctorJ, joined with {@code \n}
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
    List<List<Condition>> stacks,
    Map<Integer, InlineCondition> inlineConditions,
    Map<Integer, String> includes,
    List<AttributeEntry> attributeEntries) {

  /** An attribute entry; {@code value} is null when the entry unsets the attribute. */
  public record AttributeEntry(int line, String name, String value) {}

  /** A one-line {@code ifdef::EXPR[content]} directive. */
  public record InlineCondition(Condition condition, String content) {}

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
