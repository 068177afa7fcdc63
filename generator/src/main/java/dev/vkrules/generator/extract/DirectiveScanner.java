package dev.vkrules.generator.extract;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Records the conditional directives of an AsciiDoc file line by line, then blanks them.
 *
 * <p>Asciidoctor's preprocessor evaluates {@code ifdef}/{@code ifndef}/{@code ifeval} and
 * drops what does not apply, so the conditions never reach its document tree. vkrules keeps
 * every branch and records the conditions as data: this pass tracks the directive stack per
 * line and replaces each block directive line with an AsciiDoc line comment. A comment keeps
 * the line count (the source map stays exact) and, unlike a blank line, does not end the
 * paragraph or list item it sits in. A one-line {@code ifdef::X[content]} is replaced by its
 * content and recorded. {@code include::} lines become comments too and are recorded: the
 * appendix includes only generated files, which vkrules builds from vk.xml instead.
 *
 * <p>Inside a VUID item (from its anchor line to the next anchor or the end of the Valid Usage
 * sidebar), conditionals that hold no VUID anchor choose words, not rules: they are evaluated
 * as Khronos' all-extensions build evaluates them ({@code defined} attributes set), so a
 * VUID's text reads as in validusage.json ("any" or "Any", not both). Their lines, and the
 * content that does not apply, are left out of the text handed to AsciidoctorJ; the scanned
 * source maps each of its lines back to the original. They are still recorded (per-line
 * stacks, one-line conditionals), so each VUID keeps its text conditions.
 */
public final class DirectiveScanner {
  /** Asciidoctor's own shape of a conditional directive; must start at column 0. */
  private static final Pattern CONDITIONAL =
      Pattern.compile("^(\\\\)?(ifdef|ifndef|ifeval|endif)::(\\S*?(?:[,+]\\S*?)?)\\[(.*)\\]$");
  private static final Pattern INCLUDE = Pattern.compile("^(\\\\)?include::(\\S+)\\[(.*)\\]$");
  private static final Pattern ATTRIBUTE_ENTRY = Pattern.compile("^:(!?)([\\w][\\w-]*)(!?):(?:[ \\t]+(.*))?$");
  private static final String COMMENT = "//";
  private static final Pattern ANCHOR = Pattern.compile("\\[\\[VUID-");
  private static final Pattern SIDEBAR_END = Pattern.compile("^\\*{4,}\\s*$");

  private DirectiveScanner() {}

  /** {@link #scan(String, List, Set)} with nothing defined. */
  public static ScannedSource scan(String file, List<String> lines) {
    return scan(file, lines, Set.of());
  }

  /**
   * Scans {@code lines} of {@code file}, evaluating the conditionals inside VUID items with
   * {@code defined} attributes set; throws {@link SpecSyntaxException} on unbalanced directives.
   */
  public static ScannedSource scan(String file, List<String> lines, Set<String> defined) {
    List<String> out = new ArrayList<>(lines.size());
    List<Integer> lineMap = new ArrayList<>(lines.size());
    Set<Integer> closesVuidAnchor = blocksHoldingAnchors(lines);
    boolean inVuid = false;
    // Evaluated conditions open inside the current item; content is kept while all hold.
    Deque<Boolean> evaluated = new ArrayDeque<>();
    List<List<Condition>> stacks = new ArrayList<>(lines.size());
    List<ScannedSource.AttributeEntry> attributes = new ArrayList<>();
    Map<Integer, ScannedSource.InlineCondition> inline = new TreeMap<>();
    Map<Integer, String> includes = new TreeMap<>();
    Deque<Condition> open = new ArrayDeque<>();
    Set<Condition> evaluatedOpen = new HashSet<>();
    List<Condition> snapshot = List.of();

    for (int i = 0; i < lines.size(); i++) {
      int lineNo = i + 1;
      String line = lines.get(i);
      String replacement = line;
      boolean drop = false;
      if (ANCHOR.matcher(line).find()) {
        inVuid = true;
      } else if (SIDEBAR_END.matcher(line).matches()) {
        inVuid = false;
      }
      Matcher m = CONDITIONAL.matcher(line);
      Matcher inc;
      if (m.matches() && m.group(1) == null) {
        String keyword = m.group(2);
        String target = m.group(3);
        String text = m.group(4);
        if (keyword.equals("endif")) {
          if (!text.isEmpty()) {
            throw new SpecSyntaxException("endif::" + target + "[] must not have text", file, lineNo);
          }
          if (open.isEmpty()) {
            throw new SpecSyntaxException("endif::" + target + "[] without a matching ifdef or ifndef", file, lineNo);
          }
          Condition top = open.peek();
          if (!target.isEmpty() && !target.equals(top.expression())) {
            throw new SpecSyntaxException("endif::" + target + "[] does not close " + top
                + " from line " + top.line(), file, lineNo);
          }
          Condition closed = open.pop();
          snapshot = snapshot(open);
          replacement = COMMENT;
          if (evaluatedOpen.remove(closed)) {
            evaluated.pop();
            drop = true;
          }
        } else {
          Directive directive = Directive.ofKeyword(keyword);
          if (directive == Directive.IFEVAL) {
            if (!target.isEmpty() || text.isEmpty()) {
              throw new SpecSyntaxException("malformed ifeval, expected ifeval::[EXPR]", file, lineNo);
            }
            open.push(new Condition(directive, text, lineNo));
            snapshot = snapshot(open);
            replacement = COMMENT;
          } else if (target.isEmpty() || target.startsWith(",") || target.startsWith("+")
              || target.endsWith(",") || target.endsWith("+")) {
            throw new SpecSyntaxException(keyword + " without an attribute name", file, lineNo);
          } else if (text.isEmpty()) {
            Condition condition = new Condition(directive, target, lineNo);
            open.push(condition);
            snapshot = snapshot(open);
            replacement = COMMENT;
            if (inVuid && !closesVuidAnchor.contains(lineNo)) {
              evaluatedOpen.add(condition);
              evaluated.push(condition.holds(defined));
              drop = true;
            }
          } else {
            Condition condition = new Condition(directive, target, lineNo);
            inline.put(lineNo, new ScannedSource.InlineCondition(condition, text));
            replacement = text;
            drop = inVuid && !condition.holds(defined);
          }
        }
      } else if ((inc = INCLUDE.matcher(line)).matches() && inc.group(1) == null) {
        includes.put(lineNo, inc.group(2));
        replacement = COMMENT;
      }
      // An attribute entry may also come from a one-line conditional's content.
      if (!replacement.equals(COMMENT)) {
        Matcher a = ATTRIBUTE_ENTRY.matcher(replacement);
        if (a.matches()) {
          boolean unset = !a.group(1).isEmpty() || !a.group(3).isEmpty();
          String value = unset ? null : a.group(4) == null ? "" : a.group(4).strip();
          attributes.add(new ScannedSource.AttributeEntry(lineNo, a.group(2), value));
        }
      }
      stacks.add(snapshot);
      if (!drop && !evaluated.contains(false)) {
        out.add(replacement);
        lineMap.add(lineNo);
      }
    }
    if (!open.isEmpty()) {
      Condition unclosed = open.peek();
      throw new SpecSyntaxException(unclosed + " is never closed by an endif", file, unclosed.line());
    }
    return new ScannedSource(file, List.copyOf(lines), String.join("\n", out), lineMap.stream().mapToInt(Integer::intValue).toArray(),
        stacks, inline, includes, List.copyOf(attributes));
  }

  /**
   * Lines of block directives ({@code ifdef::X[]}, {@code ifndef::X[]}) whose block holds a
   * VUID anchor: those guard rules, not words, and are never evaluated.
   */
  private static Set<Integer> blocksHoldingAnchors(List<String> lines) {
    Set<Integer> out = new HashSet<>();
    Deque<Integer> open = new ArrayDeque<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = CONDITIONAL.matcher(lines.get(i));
      if (m.matches() && m.group(1) == null) {
        if (m.group(2).equals("endif")) {
          if (!open.isEmpty()) {
            open.pop();
          }
        } else if (m.group(4).isEmpty() || m.group(2).equals("ifeval")) {
          open.push(i + 1);
        }
      } else if (ANCHOR.matcher(lines.get(i)).find()) {
        out.addAll(open);
      }
    }
    return out;
  }

  private static List<Condition> snapshot(Deque<Condition> open) {
    List<Condition> outermostFirst = new ArrayList<>(open);
    Collections.reverse(outermostFirst);
    return List.copyOf(outermostFirst);
  }
}
