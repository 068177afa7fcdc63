package dev.vkrules.runtime.spirv.text;

import dev.vkrules.runtime.spirv.grammar.GeneratorTools;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits assembly text into tokens with positions. Comments run from {@code ;} to the end of
 * the line; the header comments spirv-dis writes (Version, Generator, Bound) are kept, as
 * they let the assembler reproduce the header. Strings may span lines; inside them a
 * backslash makes the next character literal.
 */
final class Lexer {
  enum Kind { WORD, ID, STRING, EQUALS }

  record Token(Kind kind, String text, int line, int column) {
    @Override
    public String toString() {
      return switch (kind) {
        case STRING -> "\"" + text + "\"";
        case ID -> "%" + text;
        default -> text;
      };
    }
  }

  /** Header facts found in leading comments; -1 when absent. */
  static final class Header {
    int major = -1;
    int minor = -1;
    long generator = -1;
    long bound = -1;
  }

  private static final Pattern VERSION = Pattern.compile(";\\s*Version:\\s*(\\d+)\\.(\\d+)\\s*");
  /** {@code ; Generator: Khronos Glslang Reference Front End; 11}, or {@code Unknown(99); 3}. */
  private static final Pattern GENERATOR = Pattern.compile(";\\s*Generator:\\s*(.*);\\s*(\\d+)\\s*");
  private static final Pattern UNKNOWN_TOOL = Pattern.compile("Unknown\\((\\d+)\\)");
  private static final Pattern BOUND = Pattern.compile(";\\s*Bound:\\s*(\\d+)\\s*");

  private final String text;
  private int pos;
  private int line = 1;
  private int column = 1;
  final List<Token> tokens = new ArrayList<>();
  final Header header = new Header();

  private Lexer(String text) {
    this.text = text;
  }

  static Lexer lex(String text) throws AssemblyException {
    Lexer l = new Lexer(text);
    l.run();
    return l;
  }

  private void advance() {
    if (text.charAt(pos) == '\n') {
      line++;
      column = 1;
    } else {
      column++;
    }
    pos++;
  }

  private void run() throws AssemblyException {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (Character.isWhitespace(c)) {
        advance();
      } else if (c == ';') {
        int start = pos;
        while (pos < text.length() && text.charAt(pos) != '\n') {
          advance();
        }
        if (tokens.isEmpty()) {
          headerComment(text.substring(start, pos));
        }
      } else if (c == '"') {
        string();
      } else if (c == '=') {
        tokens.add(new Token(Kind.EQUALS, "=", line, column));
        advance();
      } else {
        int startLine = line;
        int startColumn = column;
        int start = pos;
        while (pos < text.length() && !Character.isWhitespace(text.charAt(pos))
            && text.charAt(pos) != ';' && text.charAt(pos) != '"' && text.charAt(pos) != '=') {
          advance();
        }
        String word = text.substring(start, pos);
        if (word.startsWith("%")) {
          if (word.length() == 1) {
            throw new AssemblyException("expected an id name after %", startLine, startColumn);
          }
          tokens.add(new Token(Kind.ID, word.substring(1), startLine, startColumn));
        } else {
          tokens.add(new Token(Kind.WORD, word, startLine, startColumn));
        }
      }
    }
  }

  private void string() throws AssemblyException {
    int startLine = line;
    int startColumn = column;
    advance();
    StringBuilder sb = new StringBuilder();
    while (true) {
      if (pos >= text.length()) {
        throw new AssemblyException("unterminated string", startLine, startColumn);
      }
      char c = text.charAt(pos);
      if (c == '"') {
        advance();
        break;
      }
      if (c == '\\') {
        advance();
        if (pos >= text.length()) {
          throw new AssemblyException("unterminated string", startLine, startColumn);
        }
        c = text.charAt(pos);
      }
      sb.append(c);
      advance();
    }
    tokens.add(new Token(Kind.STRING, sb.toString(), startLine, startColumn));
  }

  /** A tool id from its registered name or {@code Unknown(N)}; -1 for a name the registry lacks. */
  private static long tool(String name) {
    Matcher unknown = UNKNOWN_TOOL.matcher(name);
    return unknown.matches() ? Long.parseLong(unknown.group(1)) : GeneratorTools.id(name);
  }

  private void headerComment(String comment) {
    Matcher v = VERSION.matcher(comment);
    Matcher g = GENERATOR.matcher(comment);
    Matcher b = BOUND.matcher(comment);
    try {
      if (v.matches()) {
        header.major = Integer.parseInt(v.group(1));
        header.minor = Integer.parseInt(v.group(2));
      } else if (g.matches()) {
        long tool = tool(g.group(1).strip());
        long misc = Long.parseLong(g.group(2));
        if (tool >= 0 && tool <= 0xffff && misc <= 0xffff) {
          header.generator = (tool << 16) | misc;
        }
      } else if (b.matches()) {
        header.bound = Long.parseLong(b.group(1));
      }
    } catch (NumberFormatException e) {
      // An out-of-range number in a comment is just a comment.
    }
  }
}
