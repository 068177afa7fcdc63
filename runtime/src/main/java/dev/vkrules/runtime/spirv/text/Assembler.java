package dev.vkrules.runtime.spirv.text;

import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.grammar.Enumerant;
import dev.vkrules.runtime.spirv.grammar.Grammar;
import dev.vkrules.runtime.spirv.grammar.InstructionInfo;
import dev.vkrules.runtime.spirv.grammar.InstructionSet;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.spirv.grammar.OperandKind;
import dev.vkrules.runtime.spirv.grammar.OperandSpec;
import dev.vkrules.runtime.spirv.grammar.Versions;
import dev.vkrules.runtime.spirv.text.Lexer.Kind;
import dev.vkrules.runtime.spirv.text.Lexer.Token;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Assembles the text form spirv-as reads into a binary module. Numeric ids ({@code %12})
 * keep their number; named ids ({@code %main}) take the lowest unused numbers in order of
 * first appearance, as {@code spirv-as --preserve-numeric-ids} does. The header's version,
 * generator and bound come from the leading comments spirv-dis writes when present, else
 * from the defaults (version 1.6 as spirv-as, generator 0, bound one past the largest id).
 */
public final class Assembler {
  /** The version spirv-as targets by default. */
  public static final int DEFAULT_VERSION = Versions.of(1, 6);

  private final List<Statement> statements;
  private final Lexer.Header header;
  private final Map<String, Long> ids = new HashMap<>();
  private final Map<Long, Integer> numericTypes = new HashMap<>();
  private final Map<Long, Long> valueTypes = new HashMap<>();
  private final Map<Long, InstructionSet> extSets = new HashMap<>();
  private final WordBuffer out = new WordBuffer();

  // The statement being encoded.
  private Statement st;
  private int next;
  private long resultType;
  private int instStart;

  /** One instruction as written: optional result, opcode, operand tokens. */
  private record Statement(Token result, Token opcode, InstructionInfo info, List<Token> operands) {}

  private Assembler(List<Statement> statements, Lexer.Header header) {
    this.statements = statements;
    this.header = header;
  }

  /** Assembles with the header comments' version, or 1.6. */
  public static int[] assemble(String text) throws AssemblyException {
    return assemble(text, -1);
  }

  /**
   * Assembles {@code text}; {@code version} (header encoding) overrides the version comment,
   * -1 keeps it.
   */
  public static int[] assemble(String text, int version) throws AssemblyException {
    Lexer lexer = Lexer.lex(text);
    Assembler a = new Assembler(split(lexer.tokens), lexer.header);
    return a.run(version);
  }

  private static boolean startsInstruction(List<Token> tokens, int i) {
    Token t = tokens.get(i);
    if (t.kind() == Kind.ID) {
      return i + 1 < tokens.size() && tokens.get(i + 1).kind() == Kind.EQUALS;
    }
    // No operand word looks like Op followed by a capital (enumerants such as OpaqueKHR do not),
    // so such a word starts an instruction, known or not.
    return t.kind() == Kind.WORD && t.text().length() > 2 && t.text().startsWith("Op")
        && Character.isUpperCase(t.text().charAt(2));
  }

  private static List<Statement> split(List<Token> tokens) throws AssemblyException {
    List<Statement> out = new ArrayList<>();
    int i = 0;
    while (i < tokens.size()) {
      Token result = null;
      if (tokens.get(i).kind() == Kind.ID && i + 1 < tokens.size() && tokens.get(i + 1).kind() == Kind.EQUALS) {
        result = tokens.get(i);
        i += 2;
        if (i >= tokens.size()) {
          throw new AssemblyException("expected an opcode after '%" + result.text() + " ='", result.line(),
              result.column());
        }
      }
      Token opcode = tokens.get(i);
      InstructionInfo info = opcode.kind() == Kind.WORD ? Grammar.core().byName(opcode.text()) : null;
      if (info == null) {
        throw new AssemblyException(opcode.kind() == Kind.WORD && opcode.text().startsWith("Op")
            ? "unknown opcode " + opcode.text() : "expected an opcode, got '" + opcode + "'",
            opcode.line(), opcode.column());
      }
      i++;
      List<Token> operands = new ArrayList<>();
      while (i < tokens.size() && !startsInstruction(tokens, i)) {
        operands.add(tokens.get(i++));
      }
      out.add(new Statement(result, opcode, info, operands));
    }
    return out;
  }

  private int[] run(int version) throws AssemblyException {
    long maxId = IdAllocator.assign(statements.stream().flatMap(s -> {
      List<Token> all = new ArrayList<>();
      if (s.result() != null) {
        all.add(s.result());
      }
      s.operands().stream().filter(t -> t.kind() == Kind.ID).forEach(all::add);
      return all.stream();
    }).toList(), ids);
    int v = version >= 0 ? version
        : header.major >= 0 ? Versions.of(header.major, header.minor) : DEFAULT_VERSION;
    long bound = Math.max(maxId + 1, header.bound);
    if (bound > 0xffffffffL) {
      bound = 0xffffffffL;
    }
    out.add(SpirvParser.MAGIC);
    out.add(v);
    out.add(header.generator >= 0 ? (int) header.generator : 0);
    out.add((int) bound);
    out.add(0);
    for (Statement s : statements) {
      encode(s);
    }
    return out.toArray();
  }

  private AssemblyException error(Token at, String what) {
    return new AssemblyException(what, at.line(), at.column());
  }

  private void encode(Statement s) throws AssemblyException {
    st = s;
    next = 0;
    resultType = 0;
    InstructionInfo info = s.info();
    if (info.hasResult() != (s.result() != null)) {
      throw error(s.opcode(), info.hasResult() ? info.name() + " needs a result id ('%name = " + info.name() + "')"
          : info.name() + " has no result id");
    }
    int start = out.size();
    instStart = start;
    out.add(0);
    boolean done = false;
    for (int i = 0; i < info.operandCount() && !done; i++) {
      done = item(info.operand(i));
    }
    if (next < s.operands().size()) {
      throw error(s.operands().get(next), "unexpected operand '" + s.operands().get(next) + "' for " + info.name());
    }
    int words = out.size() - start;
    if (words > 0xffff) {
      throw error(s.opcode(), info.name() + " has " + words + " words, more than 65535");
    }
    out.set(start, (words << 16) | info.opcode());
    remember(s, start);
  }

  /** Facts later instructions need: numeric types, value types, imported sets. */
  private void remember(Statement s, int start) {
    if (s.result() == null) {
      return;
    }
    long id = ids.get(s.result().text());
    int op = s.info().opcode();
    if (op == Op.OpTypeInt) {
      numericTypes.put(id, (out.get(start + 3) != 0 ? 1 << 16 : 0) | (out.get(start + 2) & 0xffff));
    } else if (op == Op.OpTypeFloat) {
      int width = out.get(start + 2);
      int encoding = out.size() > start + 3 ? out.get(start + 3) : FloatFormat.IEEE;
      FloatFormat f = FloatFormat.of(width, encoding);
      numericTypes.put(id, f == null ? -1 : (1 << 17) | (f.code() << 18) | f.width);
    } else if (op == Op.OpExtInstImport) {
      extSets.put(id, Grammar.extInstSet(s.operands().get(0).text()));
    }
    if (s.info().hasResultType()) {
      valueTypes.put(id, Integer.toUnsignedLong(out.get(start + 1)));
    }
  }

  private boolean more() {
    return next < st.operands().size();
  }

  private Token take() {
    return st.operands().get(next++);
  }

  /** Encodes one layout slot; true when the rest of the layout was replaced (OpExtInst). */
  private boolean item(OperandSpec spec) throws AssemblyException {
    switch (spec.quantifier()) {
      case ONE -> {
        if (spec.kind().role() != OperandKind.Role.RESULT && !more()) {
          throw error(st.opcode(), st.info().name() + " is missing operand "
              + spec.label());
        }
        return operand(spec.kind());
      }
      case OPTIONAL -> {
        return more() && operand(spec.kind());
      }
      case VARIADIC -> {
        while (more()) {
          if (operand(spec.kind())) {
            return true;
          }
        }
        return false;
      }
    }
    return false;
  }

  private boolean operand(OperandKind kind) throws AssemblyException {
    switch (kind.role()) {
      case RESULT -> out.add(ids.get(st.result().text()).intValue());
      case RESULT_TYPE -> {
        resultType = id();
        out.add((int) resultType);
      }
      case ID -> out.add((int) id());
      case LITERAL_INTEGER -> out.add((int) integer(take(), 32, false, true));
      case LITERAL_STRING -> {
        Token t = take();
        if (t.kind() != Kind.STRING) {
          throw error(t, "expected a string, got '" + t + "'");
        }
        out.addString(t.text());
      }
      case CONTEXT_NUMBER -> typed(take(), resultType);
      case EXT_INST_NUMBER -> {
        extInst();
        return true;
      }
      case SPEC_CONSTANT_OP_NUMBER -> {
        specConstantOp();
        return true;
      }
      case VALUE_ENUM -> {
        Token t = take();
        Enumerant e = t.kind() == Kind.WORD ? kind.byName(t.text()) : null;
        if (e == null) {
          out.add((int) enumNumber(t, kind));
        } else {
          out.add(e.value());
          parameters(e);
        }
      }
      case BIT_ENUM -> mask(kind);
      case COMPOSITE -> {
        for (int b = 0; b < kind.baseCount(); b++) {
          if (!more()) {
            throw error(st.opcode(), st.info().name() + " ends inside a " + kind.name());
          }
          OperandKind base = kind.base(b);
          if (st.info().opcode() == Op.OpSwitch && base.role() == OperandKind.Role.LITERAL_INTEGER) {
            // Case labels are as wide as the selector (the grammar says LiteralInteger).
            typed(take(), valueTypes.getOrDefault(Integer.toUnsignedLong(out.get(instStart + 1)), 0L));
          } else {
            operand(base);
          }
        }
      }
    }
    return false;
  }

  private long id() throws AssemblyException {
    Token t = take();
    if (t.kind() != Kind.ID) {
      throw error(t, "expected an id, got '" + t + "'");
    }
    return ids.get(t.text());
  }

  private long integer(Token t, int width, boolean signed, boolean allowNegative) throws AssemblyException {
    if (t.kind() != Kind.WORD) {
      throw error(t, "expected a number, got '" + t + "'");
    }
    try {
      return Literals.integer(t.text(), width, signed, allowNegative);
    } catch (Literals.BadLiteral e) {
      throw error(t, e.getMessage());
    }
  }

  private long enumNumber(Token t, OperandKind kind) throws AssemblyException {
    if (t.kind() == Kind.WORD && !t.text().isEmpty() && (Character.isDigit(t.text().charAt(0)))) {
      return integer(t, 32, false, false);
    }
    throw error(t, "unknown " + kind.name() + " '" + t + "'");
  }

  /** A literal as wide as a numeric type: OpConstant's value, OpSwitch's case labels. */
  private void typed(Token t, long typeId) throws AssemblyException {
    Integer type = numericTypes.get(typeId);
    if (type != null && type == -1) {
      throw error(t, "%" + typeId + " is a float type whose encoding vkrules cannot spell literals of");
    }
    if (type == null) {
      throw error(t, "%" + typeId + " is not an integer or float type, so '" + t + "' has no width");
    }
    int width = type & 0xffff;
    long bits;
    if ((type & (1 << 17)) != 0) {
      if (t.kind() != Kind.WORD) {
        throw error(t, "expected a number, got '" + t + "'");
      }
      try {
        bits = Literals.floating(t.text(), FloatFormat.fromCode((type >>> 18) & 0xf));
      } catch (Literals.BadLiteral e) {
        throw error(t, e.getMessage());
      }
    } else {
      if (width < 1 || width > 64) {
        throw error(t, "unsupported integer width " + width);
      }
      bits = integer(t, width, (type & (1 << 16)) != 0, false);
    }
    out.add((int) bits);
    if (width > 32) {
      out.add((int) (bits >>> 32));
    }
  }

  private void mask(OperandKind kind) throws AssemblyException {
    Token t = take();
    if (t.kind() != Kind.WORD) {
      throw error(t, "expected a " + kind.name() + " mask, got '" + t + "'");
    }
    int mask = 0;
    for (String part : t.text().split("\\|", -1)) {
      Enumerant e = kind.byName(part);
      if (e != null) {
        mask |= e.value();
      } else if (!part.isEmpty() && Character.isDigit(part.charAt(0))) {
        mask |= (int) integer(new Token(Kind.WORD, part, t.line(), t.column()), 32, false, false);
      } else {
        throw error(t, "unknown " + kind.name() + " '" + part + "'");
      }
    }
    out.add(mask);
    for (int bit = 0; bit < 32; bit++) {
      Enumerant e = kind.byValue(1 << bit);
      if ((mask & (1 << bit)) != 0 && e != null) {
        parameters(e);
      }
    }
  }

  private void parameters(Enumerant e) throws AssemblyException {
    for (int i = 0; i < e.parameterCount(); i++) {
      item(e.parameter(i));
    }
  }

  private void extInst() throws AssemblyException {
    long setId = Integer.toUnsignedLong(out.get(out.size() - 1));
    InstructionSet set = extSets.get(setId);
    Token t = take();
    InstructionInfo inner = set != null && t.kind() == Kind.WORD ? set.byName(t.text()) : null;
    if (inner == null) {
      if (set != null && !(t.kind() == Kind.WORD && Character.isDigit(t.text().charAt(0)))) {
        throw error(t, "unknown extended instruction '" + t + "' of " + set.importName());
      }
      out.add((int) integer(t, 32, false, false));
      if (set != null) {
        inner = set.byNumber(out.get(out.size() - 1));
      }
    } else {
      out.add(inner.opcode());
    }
    if (inner == null) {
      // A set without a grammar here (such as an unknown NonSemantic set): ids and numbers.
      while (more()) {
        Token o = st.operands().get(next);
        if (o.kind() == Kind.ID) {
          out.add((int) id());
        } else {
          out.add((int) integer(take(), 32, false, true));
        }
      }
      return;
    }
    for (int i = 0; i < inner.operandCount(); i++) {
      item(inner.operand(i));
    }
  }

  private void specConstantOp() throws AssemblyException {
    Token t = take();
    InstructionInfo inner = t.kind() == Kind.WORD ? Grammar.core().byName("Op" + t.text()) : null;
    if (inner == null) {
      throw error(t, "unknown OpSpecConstantOp operation '" + t + "'");
    }
    out.add(inner.opcode());
    for (int i = 0; i < inner.operandCount(); i++) {
      OperandSpec spec = inner.operand(i);
      OperandKind.Role role = spec.kind().role();
      if (role != OperandKind.Role.RESULT_TYPE && role != OperandKind.Role.RESULT) {
        item(spec);
      }
    }
  }
}
