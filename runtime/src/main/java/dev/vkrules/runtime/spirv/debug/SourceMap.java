package dev.vkrules.runtime.spirv.debug;

import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.grammar.NonsemanticShaderDebuginfo100;
import dev.vkrules.runtime.spirv.grammar.Op;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The source positions and names a module's debug information gives, read in one pass over the
 * module and only when a finding asks ({@link #of} is cheap for a module without debug
 * information: it reads the module's first sections and stops).
 *
 * <p>Both forms compilers write are read:
 * <ul>
 *   <li>{@code OpString}, {@code OpSource} / {@code OpSourceContinued} (the embedded text) and
 *       {@code OpLine} / {@code OpNoLine} (glslang {@code -g}, DXC {@code -fspv-debug=line});
 *   <li>NonSemantic.Shader.DebugInfo.100 (and .101, whose instructions read here are the same):
 *       {@code DebugSource} / {@code DebugSourceContinued}, {@code DebugLine} / {@code DebugNoLine},
 *       {@code DebugScope} / {@code DebugNoScope} with {@code DebugInlinedAt} (the chain of inlined
 *       calls), and the declarations {@code DebugFunction} (through {@code DebugFunctionDefinition}),
 *       {@code DebugGlobalVariable}, {@code DebugLocalVariable} (through {@code DebugDeclare}),
 *       {@code DebugTypeComposite} and {@code DebugTypeMember}.
 * </ul>
 * A line instruction applies to the instructions after it up to the next line instruction or the
 * end of the block (the SPIR-V specification's scope for {@code OpLine}, and the debug extension's
 * for {@code DebugLine} and {@code DebugScope}). A finding at a declaration (a variable, a type or
 * member, a function or entry point, or a decoration or execution mode of one) takes the
 * declaration's line. Line 0 (what compilers write for "unknown") is no line.
 */
public final class SourceMap {
  private static final String DEBUG_INFO_100 = NonsemanticShaderDebuginfo100.IMPORT_NAME;
  private static final String DEBUG_INFO_101 = "NonSemantic.Shader.DebugInfo.101";

  private final SpirvModule m;
  private final int[] w;
  /** Whether the module carries OpLine or DebugInfo (else only names are known). */
  private final boolean hasLines;
  private final Map<Integer, String> names = new HashMap<>();
  private final Map<Long, String> memberNames = new HashMap<>();
  /** Source text by file name, from OpSource and DebugSource. */
  private final Map<String, StringBuilder> texts = new LinkedHashMap<>();
  /** The debug-info import ids (0: none). */
  private int debugSet100;
  private int debugSet101;
  // Per instruction (only with hasLines): the line record and the scope record in effect, -1 for none.
  private int[] lineOf;
  private int[] scopeOf;
  // Line records: file name index, line, column.
  private final List<String> files = new ArrayList<>();
  private final Map<String, Integer> fileIndex = new HashMap<>();
  private int[] recFile = new int[16];
  private int[] recLine = new int[16];
  private int[] recColumn = new int[16];
  private int records;
  // Scope records: the DebugScope's scope id and inlined-at id.
  private int[] scopeId = new int[16];
  private int[] scopeInlined = new int[16];
  private int scopes;
  /** OpFunction id -> DebugFunction id (DebugFunctionDefinition). */
  private final Map<Integer, Integer> functionDebug = new HashMap<>();
  /** The DebugFunction ids DebugEntryPoint names, in order. */
  private final List<Integer> debugEntryPoints = new ArrayList<>();
  /** OpVariable / OpFunctionParameter id -> DebugGlobalVariable or DebugLocalVariable id. */
  private final Map<Integer, Integer> variableDebug = new HashMap<>();
  /** DebugTypeComposite ids by name. */
  private final Map<String, List<Integer>> compositesByName = new HashMap<>();
  /** Instruction indices of OpFunction, in order. */
  private int[] functionStarts = new int[4];
  private int functionCount;

  private SourceMap(SpirvModule m, boolean hasLines) {
    this.m = m;
    this.w = m.words();
    this.hasLines = hasLines;
  }

  /**
   * The map of {@code module}. Without debug information (no {@code OpString} and no DebugInfo
   * import: what every OpLine and DebugLine needs) only names are read: the module up to its
   * first annotation, type or function.
   */
  public static SourceMap of(SpirvModule module) {
    SourceMap s = new SourceMap(module, hasDebugInfo(module));
    s.read();
    return s;
  }

  /** Whether the module has {@code OpString} or imports NonSemantic.Shader.DebugInfo: read from its first sections. */
  public static boolean hasDebugInfo(SpirvModule module) {
    int[] w = module.words();
    for (int i = 0, n = module.instructionCount(); i < n; i++) {
      int op = w[module.offset(i)] & 0xffff;
      if (op == Op.OpString) {
        return true;
      }
      if (op == Op.OpExtInstImport) {
        String name = module.operandString(i, 1);
        if (name.equals(DEBUG_INFO_100) || name.equals(DEBUG_INFO_101)) {
          return true;
        }
      }
      if (op == Op.OpDecorate || op == Op.OpMemberDecorate || op == Op.OpFunction || isTypeOrConstant(op)) {
        return false; // past the debug section: no OpString can follow
      }
    }
    return false;
  }

  private static boolean isTypeOrConstant(int op) {
    return op >= Op.OpTypeVoid && op <= Op.OpSpecConstantOp;
  }

  /** Whether the module has line information (OpLine or DebugLine can appear). */
  public boolean hasLines() {
    return hasLines;
  }

  private void read() {
    int n = m.instructionCount();
    if (hasLines) {
      lineOf = new int[n];
      scopeOf = new int[n];
    }
    int line = -1;
    int scope = -1;
    StringBuilder lastSource = null;
    boolean pastNames = false;
    for (int i = 0; i < n; i++) {
      int off = m.offset(i);
      int op = w[off] & 0xffff;
      int count = w[off] >>> 16;
      switch (op) {
        case Op.OpName -> {
          if (count >= 3) {
            names.putIfAbsent(w[off + 1], m.operandString(i, 1));
          }
        }
        case Op.OpMemberName -> {
          if (count >= 4) {
            memberNames.putIfAbsent(key(w[off + 1], w[off + 2]), m.operandString(i, 2));
          }
        }
        case Op.OpSource -> {
          lastSource = null;
          if (hasLines && count >= 4) {
            String file = string(w[off + 3]);
            if (file != null) {
              lastSource = texts.computeIfAbsent(file, f -> new StringBuilder());
              if (count >= 5 && lastSource.isEmpty()) {
                lastSource.append(m.operandString(i, 3));
              } else if (count >= 5) {
                lastSource = null; // a second OpSource for the same file: keep the first text
              }
            }
          }
        }
        case Op.OpSourceContinued -> {
          if (lastSource != null && count >= 2) {
            lastSource.append(m.operandString(i, 0));
          }
        }
        case Op.OpExtInstImport -> {
          if (count >= 3) {
            String name = m.operandString(i, 1);
            if (name.equals(DEBUG_INFO_100)) {
              debugSet100 = w[off + 1];
            } else if (name.equals(DEBUG_INFO_101)) {
              debugSet101 = w[off + 1];
            }
          }
        }
        case Op.OpFunction -> {
          pastNames = true;
          if (functionCount == functionStarts.length) {
            functionStarts = Arrays.copyOf(functionStarts, functionCount * 2);
          }
          functionStarts[functionCount++] = i;
        }
        default -> {
          if (op == Op.OpDecorate || isTypeOrConstant(op)) {
            pastNames = true;
          }
        }
      }
      if (!hasLines) {
        if (pastNames) {
          return; // without debug information only names are asked for, and they are all read
        }
        continue;
      }
      if (op == Op.OpLine && count >= 4) {
        line = record(string(w[off + 1]), w[off + 2], w[off + 3]);
      } else if (op == Op.OpNoLine) {
        line = -1;
      } else if (op == Op.OpExtInst && count >= 5 && isDebugSet(w[off + 3])) {
        int ext = w[off + 4];
        int first = off + 5;
        int operands = count - 5;
        switch (ext) {
          case NonsemanticShaderDebuginfo100.DebugSource -> {
            lastSource = null;
            String file = operands >= 1 ? string(w[first]) : null;
            if (file != null) {
              StringBuilder text = texts.computeIfAbsent(file, f -> new StringBuilder());
              if (operands >= 2 && text.isEmpty()) {
                String t = string(w[first + 1]);
                if (t != null) {
                  text.append(t);
                  lastSource = text;
                }
              }
            }
          }
          case NonsemanticShaderDebuginfo100.DebugSourceContinued -> {
            String t = operands >= 1 ? string(w[first]) : null;
            if (lastSource != null && t != null) {
              lastSource.append(t);
            }
          }
          case NonsemanticShaderDebuginfo100.DebugLine -> {
            if (operands >= 4) {
              line = record(sourceFile(w[first]), constant(w[first + 1]), constant(w[first + 3]));
            }
          }
          case NonsemanticShaderDebuginfo100.DebugNoLine -> line = -1;
          case NonsemanticShaderDebuginfo100.DebugScope -> {
            if (operands >= 1) {
              scope = scope(w[first], operands >= 2 ? w[first + 1] : 0);
            }
          }
          case NonsemanticShaderDebuginfo100.DebugNoScope -> scope = -1;
          case NonsemanticShaderDebuginfo100.DebugFunctionDefinition -> {
            if (operands >= 2) {
              functionDebug.putIfAbsent(w[first + 1], w[first]);
            }
          }
          case NonsemanticShaderDebuginfo100.DebugEntryPoint -> {
            if (operands >= 1) {
              debugEntryPoints.add(w[first]);
            }
          }
          case NonsemanticShaderDebuginfo100.DebugGlobalVariable -> {
            if (operands >= 8) {
              variableDebug.putIfAbsent(w[first + 7], w[off + 2]);
            }
          }
          case NonsemanticShaderDebuginfo100.DebugDeclare -> {
            if (operands >= 2) {
              variableDebug.putIfAbsent(w[first + 1], w[first]);
            }
          }
          case NonsemanticShaderDebuginfo100.DebugTypeComposite -> {
            String name = operands >= 1 ? string(w[first]) : null;
            if (name != null) {
              compositesByName.computeIfAbsent(name, k -> new ArrayList<>(1)).add(w[off + 2]);
            }
          }
          default -> { }
        }
      }
      lineOf[i] = line;
      scopeOf[i] = scope;
      if (op == Op.OpFunctionEnd || isTerminator(op)) {
        // a line's scope ends with its block (an OpLine before an OpFunction reaches into its first block)
        line = -1;
        scope = -1;
      }
    }
  }

  private static boolean isTerminator(int op) {
    return op == Op.OpBranch || op == Op.OpBranchConditional || op == Op.OpSwitch || op == Op.OpReturn
        || op == Op.OpReturnValue || op == Op.OpKill || op == Op.OpUnreachable || op == Op.OpTerminateInvocation
        || op == Op.OpIgnoreIntersectionKHR || op == Op.OpTerminateRayKHR || op == Op.OpEmitMeshTasksEXT;
  }

  private boolean isDebugSet(int id) {
    return id != 0 && (id == debugSet100 || id == debugSet101);
  }

  private static long key(int id, int member) {
    return (long) id << 32 | Integer.toUnsignedLong(member);
  }

  private int record(String file, int line, int column) {
    if (file == null || line <= 0) {
      return -1;
    }
    int f = fileIndex.computeIfAbsent(file, k -> {
      files.add(k);
      return files.size() - 1;
    });
    int c = Math.max(column, 0);
    if (records > 0 && recFile[records - 1] == f && recLine[records - 1] == line && recColumn[records - 1] == c) {
      return records - 1;
    }
    if (records == recFile.length) {
      recFile = Arrays.copyOf(recFile, records * 2);
      recLine = Arrays.copyOf(recLine, records * 2);
      recColumn = Arrays.copyOf(recColumn, records * 2);
    }
    recFile[records] = f;
    recLine[records] = line;
    recColumn[records] = c;
    return records++;
  }

  private int scope(int id, int inlined) {
    if (scopes > 0 && scopeId[scopes - 1] == id && scopeInlined[scopes - 1] == inlined) {
      return scopes - 1;
    }
    if (scopes == scopeId.length) {
      scopeId = Arrays.copyOf(scopeId, scopes * 2);
      scopeInlined = Arrays.copyOf(scopeInlined, scopes * 2);
    }
    scopeId[scopes] = id;
    scopeInlined[scopes] = inlined;
    return scopes++;
  }

  // ---- reading ids ----

  /** The OpString an id names, or null. */
  private String string(int id) {
    int d = m.definition(id);
    if (d < 0 || (w[m.offset(d)] & 0xffff) != Op.OpString || m.instructionWordCount(d) < 3) {
      return null;
    }
    return m.operandString(d, 1);
  }

  /** The value of a 32-bit integer OpConstant an id names, or 0 (unknown). */
  private int constant(int id) {
    int d = m.definition(id);
    if (d < 0 || (w[m.offset(d)] & 0xffff) != Op.OpConstant || m.instructionWordCount(d) != 4) {
      return 0;
    }
    return w[m.offset(d) + 3];
  }

  /** The debug instruction an id names (its instruction index), or -1. */
  private int debugInstruction(int id, int ext) {
    int d = m.definition(id);
    if (d < 0) {
      return -1;
    }
    int off = m.offset(d);
    if ((w[off] & 0xffff) != Op.OpExtInst || m.instructionWordCount(d) < 5 || !isDebugSet(w[off + 3])
        || (ext >= 0 && w[off + 4] != ext)) {
      return -1;
    }
    return d;
  }

  /** Operand {@code k} (after the set and instruction number) of a debug instruction, or 0 when absent. */
  private int debugOperand(int inst, int k) {
    int off = m.offset(inst);
    return 5 + k < m.instructionWordCount(inst) ? w[off + 5 + k] : 0;
  }

  private int debugOpcode(int inst) {
    return w[m.offset(inst) + 4];
  }

  /** The file name of a DebugSource. */
  private String sourceFile(int id) {
    int d = debugInstruction(id, NonsemanticShaderDebuginfo100.DebugSource);
    return d < 0 ? null : string(debugOperand(d, 0));
  }

  /**
   * A declaration's location from a debug instruction whose operands 2, 3 and 4 are Source, Line
   * and Column (DebugFunction, DebugGlobalVariable, DebugLocalVariable, DebugTypeComposite,
   * DebugTypeMember, DebugLexicalBlock's are 0, 1, 2).
   */
  private SourceLocation declared(int inst, String function) {
    int base = debugOpcode(inst) == NonsemanticShaderDebuginfo100.DebugLexicalBlock ? 0 : 2;
    String file = sourceFile(debugOperand(inst, base));
    int line = constant(debugOperand(inst, base + 1));
    if (file == null || line <= 0) {
      return null;
    }
    return located(file, line, constant(debugOperand(inst, base + 2)), function, List.of());
  }

  private SourceLocation located(String file, int line, int column, String function, List<SourceLocation.Frame> inlined) {
    String text = lineText(file, line);
    return new SourceLocation(file, line, Math.max(column, 0), function, inlined, text);
  }

  /** The name of the function a debug scope belongs to (DebugFunction, or a lexical block's parent chain). */
  private String scopeFunction(int scopeIdent) {
    for (int depth = 0, id = scopeIdent; depth < 64; depth++) {
      int d = debugInstruction(id, -1);
      if (d < 0) {
        return null;
      }
      int ext = debugOpcode(d);
      if (ext == NonsemanticShaderDebuginfo100.DebugFunction) {
        return plain(string(debugOperand(d, 0)));
      }
      if (ext != NonsemanticShaderDebuginfo100.DebugLexicalBlock) {
        return null;
      }
      id = debugOperand(d, 3);
    }
    return null;
  }

  /** A function name without glslang's mangled parameter list ({@code weight(f1;} is {@code weight}). */
  static String plain(String name) {
    if (name == null) {
      return null;
    }
    int paren = name.indexOf('(');
    return paren > 0 ? name.substring(0, paren) : name;
  }

  // ---- answers ----

  /** The embedded source text of a file, or null. */
  public String text(String file) {
    StringBuilder b = texts.get(file);
    return b == null || b.isEmpty() ? null : b.toString();
  }

  /** Line {@code line} (1-based) of the embedded text of {@code file}, without its line break, or null. */
  public String lineText(String file, int line) {
    Lines l = lines(file);
    return l == null ? null : l.logical(line);
  }

  /** A file's embedded text split in lines, with the logical numbering its {@code #line} directives give. */
  private record Lines(String[] physical, Map<Integer, Integer> logicalToPhysical, Map<Integer, Integer> physicalToLogical) {
    String logical(int line) {
      Integer p = logicalToPhysical == null ? Integer.valueOf(line) : logicalToPhysical.get(line);
      return p == null || p < 1 || p > physical.length ? null : strip(physical[p - 1]);
    }

    int logicalOf(int physicalLine) {
      return physicalToLogical == null ? physicalLine : physicalToLogical.getOrDefault(physicalLine, physicalLine);
    }

    private static String strip(String s) {
      return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }
  }

  private final Map<String, Lines> lineTables = new HashMap<>();

  private Lines lines(String file) {
    StringBuilder b = texts.get(file);
    if (b == null || b.isEmpty()) {
      return null;
    }
    return lineTables.computeIfAbsent(file, f -> {
      String[] physical = b.toString().split("\n", -1);
      if (physical.length > 0 && physical[physical.length - 1].isEmpty()) {
        physical = Arrays.copyOf(physical, physical.length - 1);
      }
      Map<Integer, Integer> toPhysical = null;
      Map<Integer, Integer> toLogical = null;
      if (b.indexOf("#") >= 0) {
        long logical = 1;
        boolean own = true;
        for (int p = 0; p < physical.length; p++) {
          java.util.regex.Matcher d = LINE_DIRECTIVE.matcher(physical[p]);
          if (d.matches()) {
            if (toPhysical == null) {
              toPhysical = new HashMap<>();
              toLogical = new HashMap<>();
              for (int q = 1; q <= p; q++) {
                toPhysical.put(q, q);
                toLogical.put(q, q);
              }
            }
            logical = d.group(1).length() > 9 ? Integer.MAX_VALUE : Long.parseLong(d.group(1));
            own = d.group(2) == null;
            continue;
          }
          if (toPhysical != null && own && logical <= Integer.MAX_VALUE) {
            toPhysical.putIfAbsent((int) logical, p + 1);
            toLogical.put(p + 1, (int) logical);
          }
          logical++;
        }
      }
      return new Lines(physical, toPhysical, toLogical);
    });
  }

  /** The location of the finding at word {@code offset}, or null when the module records none for it. */
  public SourceLocation locate(int offset) {
    int inst = offset < SpirvModule.HEADER_WORDS ? -1 : m.instructionAt(offset);
    if (inst < 0 || !hasLines) {
      return null;
    }
    int declared = declarationId(inst);
    if (declared != 0) {
      SourceLocation d = declarationOf(declared, memberOf(inst));
      if (d != null) {
        return d;
      }
    }
    int fn = functionOf(inst);
    SourceLocation at = lineAt(inst);
    if (at != null) {
      return at;
    }
    // an instruction of a function without a line of its own: the function's declaration
    return fn >= 0 ? declarationOf(m.resultId(functionStarts[fn]), -1) : null;
  }

  /** The location the line instructions give an instruction, with its scope's function and inlined-at chain. */
  private SourceLocation lineAt(int inst) {
    int r = lineOf[inst];
    if (r < 0) {
      return null;
    }
    int s = scopeOf[inst];
    String function = null;
    List<SourceLocation.Frame> chain = List.of();
    if (s >= 0) {
      function = scopeFunction(scopeId[s]);
      chain = inlinedChain(scopeInlined[s]);
    }
    if (function == null) {
      int fn = functionOf(inst);
      function = fn < 0 ? null : functionName(m.resultId(functionStarts[fn]));
    }
    return located(files.get(recFile[r]), recLine[r], recColumn[r], function, chain);
  }

  /** The DebugInlinedAt chain from {@code id}: each call site with the function it is in. */
  private List<SourceLocation.Frame> inlinedChain(int id) {
    List<SourceLocation.Frame> out = new ArrayList<>();
    for (int depth = 0; id != 0 && depth < 64; depth++) {
      int d = debugInstruction(id, NonsemanticShaderDebuginfo100.DebugInlinedAt);
      if (d < 0) {
        break;
      }
      int line = constant(debugOperand(d, 0));
      int scopeIdent = debugOperand(d, 1);
      String file = scopeFile(scopeIdent);
      if (file != null && line > 0) {
        out.add(new SourceLocation.Frame(file, line, 0, scopeFunction(scopeIdent)));
      }
      id = debugOperand(d, 2);
    }
    return out;
  }

  /** The source file of a scope (DebugFunction or DebugLexicalBlock). */
  private String scopeFile(int scopeIdent) {
    int d = debugInstruction(scopeIdent, -1);
    if (d < 0) {
      return null;
    }
    int ext = debugOpcode(d);
    if (ext == NonsemanticShaderDebuginfo100.DebugLexicalBlock) {
      return sourceFile(debugOperand(d, 0));
    }
    return ext == NonsemanticShaderDebuginfo100.DebugFunction ? sourceFile(debugOperand(d, 2)) : null;
  }

  /** Index in {@link #functionStarts} of the function containing instruction {@code inst}, or -1. */
  private int functionOf(int inst) {
    int k = Arrays.binarySearch(functionStarts, 0, functionCount, inst);
    int fn = k >= 0 ? k : -k - 2;
    if (fn < 0) {
      return -1;
    }
    // past the function's end: module-level code cannot follow functions, so only a check for OpFunctionEnd
    return fn;
  }

  /**
   * The id a declaration-level instruction is about: the result of an OpVariable, OpFunction or
   * type at module scope; the function of an OpEntryPoint or OpExecutionMode; the target of a
   * decoration or name. 0 for other instructions (their own line applies).
   */
  private int declarationId(int inst) {
    int off = m.offset(inst);
    int op = w[off] & 0xffff;
    int count = m.instructionWordCount(inst);
    return switch (op) {
      case Op.OpEntryPoint -> count >= 3 ? w[off + 2] : 0;
      case Op.OpExecutionMode, Op.OpExecutionModeId, Op.OpDecorate, Op.OpDecorateId, Op.OpDecorateString,
          Op.OpMemberDecorate, Op.OpMemberDecorateString, Op.OpName, Op.OpMemberName -> count >= 2 ? w[off + 1] : 0;
      case Op.OpVariable, Op.OpFunction, Op.OpFunctionParameter, Op.OpTypeStruct -> m.resultId(inst);
      default -> 0;
    };
  }

  /** For an OpMemberDecorate or OpMemberName, the member number, else -1. */
  private int memberOf(int inst) {
    int off = m.offset(inst);
    int op = w[off] & 0xffff;
    return (op == Op.OpMemberDecorate || op == Op.OpMemberDecorateString || op == Op.OpMemberName)
        && m.instructionWordCount(inst) >= 3 ? w[off + 2] : -1;
  }

  /** Where {@code id} (member {@code member} of it, or -1) is declared, or null. */
  private SourceLocation declarationOf(int id, int member) {
    int d = m.definition(id);
    if (d < 0) {
      return null;
    }
    int op = w[m.offset(d)] & 0xffff;
    SourceLocation found = null;
    if (op == Op.OpFunction) {
      Integer debug = functionDebug.get(id);
      if (debug == null) {
        // no DebugFunctionDefinition: the DebugEntryPoint whose function has the entry point's name
        String entry = entryPointName(id);
        for (int e : debugEntryPoints) {
          int d2 = debugInstruction(e, NonsemanticShaderDebuginfo100.DebugFunction);
          if (entry != null && d2 >= 0 && entry.equals(plain(string(debugOperand(d2, 0))))) {
            debug = e;
            break;
          }
        }
      }
      int fn = debug == null ? -1 : debugInstruction(debug, NonsemanticShaderDebuginfo100.DebugFunction);
      found = fn < 0 ? null : declared(fn, functionName(id));
      if (found == null) {
        found = firstLineOfFunction(d);
      }
      return found;
    }
    if (op == Op.OpVariable || op == Op.OpFunctionParameter) {
      Integer debug = variableDebug.get(id);
      int v = debug == null ? -1 : debugInstruction(debug, -1);
      found = v < 0 ? null : declared(v, null);
      if (found == null && lineOf[d] >= 0) {
        found = lineAt(d);
      }
      if (found == null) {
        found = byName(name(id) != null ? name(id) : blockName(id));
      }
      return found;
    }
    if (op == Op.OpTypeStruct) {
      String name = names.get(id);
      List<Integer> composites = name == null ? null : compositesByName.get(name);
      if (composites != null && composites.size() == 1) {
        int c = debugInstruction(composites.get(0), NonsemanticShaderDebuginfo100.DebugTypeComposite);
        if (c >= 0 && member >= 0) {
          int memberId = debugOperand(c, 9 + member);
          int mi = 9 + member < m.instructionWordCount(c) - 5 ? debugInstruction(memberId,
              NonsemanticShaderDebuginfo100.DebugTypeMember) : -1;
          found = mi < 0 ? null : declared(mi, null);
        }
        if (found == null && c >= 0) {
          found = declared(c, null);
        }
      }
      if (found == null && member >= 0) {
        found = byName(memberNames.get(key(id, member)));
      }
      return found == null ? byName(name) : found;
    }
    return lineOf[d] >= 0 ? lineAt(d) : null;
  }

  private final Map<Integer, Optional<SourceLocation>> functionLines = new HashMap<>();

  /** The first line inside a function (or the OpLine before its OpFunction); once per function. */
  private SourceLocation firstLineOfFunction(int start) {
    return functionLines.computeIfAbsent(start, f -> Optional.ofNullable(scanFirstLine(f))).orElse(null);
  }

  private SourceLocation scanFirstLine(int start) {
    for (int i = start, n = m.instructionCount(); i < n; i++) {
      if (lineOf[i] >= 0) {
        return lineAt(i);
      }
      if ((w[m.offset(i)] & 0xffff) == Op.OpFunctionEnd) {
        break;
      }
    }
    return null;
  }

  /**
   * The first line of the embedded sources where {@code name} appears as a whole word outside a
   * comment: the declaration of a module-scope name in GLSL and HLSL, which declare before use.
   * For declarations the compiler gave no line (glslang writes no OpLine for global variables).
   */
  private final Map<String, Optional<SourceLocation>> byName = new HashMap<>();

  private SourceLocation byName(String name) {
    if (name == null || !isIdentifier(name)) {
      return null;
    }
    return byName.computeIfAbsent(name, n -> Optional.ofNullable(searchByName(n))).orElse(null);
  }

  private SourceLocation searchByName(String name) {
    for (Map.Entry<String, StringBuilder> e : texts.entrySet()) {
      SourceLocation at = findInOrder(e.getKey(), name, new java.util.HashSet<>());
      if (at != null) {
        return at;
      }
    }
    return null;
  }

  private static final java.util.regex.Pattern INCLUDE =
      java.util.regex.Pattern.compile("(?m)^[ \\t]*#[ \\t]*include[ \\t]*[\"<]([^\">\\r\\n]+)[\">]");

  /**
   * The first occurrence of {@code name} in {@code file} read as the preprocessor reads it: a file
   * an {@code #include} line before the occurrence names (by its embedded text) is searched first.
   */
  private SourceLocation findInOrder(String file, String name, java.util.Set<String> searched) {
    StringBuilder text = texts.get(file);
    if (text == null || !searched.add(file)) {
      return null; // each file once: an include cycle ends, and a search reads each text at most once
    }
    int[] hit = Identifiers.find(text, name);
    java.util.regex.Matcher inc = INCLUDE.matcher(text);
    int line = 1;
    int counted = 0;
    while (inc.find()) {
      for (; counted < inc.start(); counted++) {
        if (text.charAt(counted) == '\n') {
          line++;
        }
      }
      if (hit != null && line > hit[0]) {
        break;
      }
      String included = includedFile(inc.group(1), file);
      if (included != null) {
        SourceLocation there = findInOrder(included, name, searched);
        if (there != null) {
          return there;
        }
      }
    }
    return hit == null ? null : located(file, lines(file).logicalOf(hit[0]), hit[1], null, List.of());
  }

  /** The embedded file an include names: one whose name ends with it (compilers record the resolved path). */
  private String includedFile(String include, String from) {
    String want = include.replace('\\', '/');
    for (String f : texts.keySet()) {
      String norm = f.replace('\\', '/');
      if (!f.equals(from) && (norm.equals(want) || norm.endsWith("/" + want))) {
        return f;
      }
    }
    return null;
  }

  private static final java.util.regex.Pattern LINE_DIRECTIVE =
      java.util.regex.Pattern.compile("^[ \\t]*#[ \\t]*line[ \\t]+(\\d+)([ \\t]+\\S.*)?$");


  static boolean isIdentifier(String s) {
    if (s.isEmpty() || !(Character.isLetter(s.charAt(0)) || s.charAt(0) == '_')) {
      return false;
    }
    for (int i = 1; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!(Character.isLetterOrDigit(c) || c == '_')) {
        return false;
      }
    }
    return true;
  }

  /** The OpName of an id, or null (an empty name is none). */
  public String name(int id) {
    String n = names.get(id);
    return n == null || n.isEmpty() ? null : n;
  }

  /** A function's source name (its OpName without glslang's mangling), or null. */
  public String functionName(int id) {
    return plain(name(id));
  }

  /** For a variable of a (pointer to a) named struct type: the struct's name, or null. */
  private String blockName(int variable) {
    int d = m.definition(variable);
    if (d < 0 || (w[m.offset(d)] & 0xffff) != Op.OpVariable) {
      return null;
    }
    int pointer = m.definition(w[m.offset(d) + 1]);
    if (pointer < 0 || (w[m.offset(pointer)] & 0xffff) != Op.OpTypePointer || m.instructionWordCount(pointer) < 4) {
      return null;
    }
    int pointee = w[m.offset(pointer) + 3];
    for (int depth = 0; depth < 8; depth++) {
      int t = m.definition(pointee);
      if (t < 0) {
        return null;
      }
      int op = w[m.offset(t)] & 0xffff;
      if (op == Op.OpTypeStruct) {
        return name(pointee);
      }
      if ((op != Op.OpTypeArray && op != Op.OpTypeRuntimeArray) || m.instructionWordCount(t) < 3) {
        return null;
      }
      pointee = w[m.offset(t) + 2];
    }
    return null;
  }

  /**
   * What the instruction at {@code offset} is about, by name: the variable, function or type it
   * declares, decorates or names (a member as {@code Block.member}), the entry point of an
   * OpEntryPoint or OpExecutionMode; null when it declares nothing named.
   */
  public Subject subject(int offset) {
    int inst = offset < SpirvModule.HEADER_WORDS ? -1 : m.instructionAt(offset);
    if (inst < 0) {
      return null;
    }
    int off = m.offset(inst);
    int op = w[off] & 0xffff;
    if (op == Op.OpEntryPoint && m.instructionWordCount(inst) >= 4) {
      return new Subject("entry point", m.operandString(inst, 2));
    }
    int id = declarationId(inst);
    if (id == 0) {
      int[] found = variableOperand(inst);
      if (found == null) {
        return null;
      }
      String n = name(found[0]);
      if (n == null && found[1] >= 0) {
        // an anonymous block's member, which the source names on its own (GLSL's unnamed interface blocks)
        int struct = blockStruct(found[0]);
        String member = struct == 0 ? null : memberNames.get(key(struct, found[1]));
        n = member == null || member.isEmpty() ? null : member;
      }
      n = n != null ? n : blockName(found[0]);
      return n == null ? null : new Subject("variable", n);
    }
    int member = memberOf(inst);
    int d = m.definition(id);
    if (d < 0) {
      return null;
    }
    int dop = w[m.offset(d)] & 0xffff;
    if (dop == Op.OpTypeStruct) {
      String type = name(id);
      if (member >= 0) {
        String mn = memberNames.get(key(id, member));
        String shown = (type == null ? "%" + id : type) + "." + (mn == null || mn.isEmpty() ? Integer.toString(member) : mn);
        return new Subject("member", shown);
      }
      return type == null ? null : new Subject("type", type);
    }
    if (dop == Op.OpFunction) {
      String entry = entryPointName(id);
      if (op == Op.OpExecutionMode || op == Op.OpExecutionModeId) {
        return entry != null ? new Subject("entry point", entry)
            : functionName(id) == null ? null : new Subject("function", functionName(id));
      }
      String fn = functionName(id);
      return fn != null ? new Subject("function", fn) : entry != null ? new Subject("entry point", entry) : null;
    }
    if (dop == Op.OpVariable || dop == Op.OpFunctionParameter) {
      String n = name(id);
      if (n != null) {
        return new Subject("variable", n);
      }
      String block = blockName(id);
      return block == null ? null : new Subject("variable", block);
    }
    String n = name(id);
    return n == null ? null : new Subject(dop >= Op.OpTypeVoid && dop <= Op.OpTypeForwardPointer ? "type" : "value", n);
  }

  /**
   * The variable an instruction in a function works on: its first id operand that is an
   * OpVariable, or a pointer access chains make from one; with the first index of the outermost
   * chain when it is a constant (the member of a block), else -1. Null when none.
   */
  private int[] variableOperand(int inst) {
    int[][] found = {null};
    m.idOperands(inst, id -> {
      if (found[0] == null) {
        found[0] = baseVariable(id);
      }
    });
    return found[0];
  }

  private int[] baseVariable(int id) {
    int firstIndex = -1;
    for (int depth = 0; depth < 32; depth++) {
      int d = m.definition(id);
      if (d < 0) {
        return null;
      }
      int off = m.offset(d);
      int op = w[off] & 0xffff;
      if (op == Op.OpVariable) {
        return new int[] {id, firstIndex};
      }
      if ((op != Op.OpAccessChain && op != Op.OpInBoundsAccessChain) || m.instructionWordCount(d) < 4) {
        return null;
      }
      int c = m.instructionWordCount(d) >= 5 ? m.definition(w[off + 4]) : -1;
      firstIndex = c >= 0 && (w[m.offset(c)] & 0xffff) == Op.OpConstant ? w[m.offset(c) + 3] : -1;
      id = w[off + 3];
    }
    return null;
  }

  /** The struct type a variable points to (0 when its pointee is no struct). */
  private int blockStruct(int variable) {
    int d = m.definition(variable);
    if (d < 0 || m.instructionWordCount(d) < 4) {
      return 0;
    }
    int pointer = m.definition(w[m.offset(d) + 1]);
    if (pointer < 0 || (w[m.offset(pointer)] & 0xffff) != Op.OpTypePointer || m.instructionWordCount(pointer) < 4) {
      return 0;
    }
    int pointee = w[m.offset(pointer) + 3];
    int t = m.definition(pointee);
    return t >= 0 && (w[m.offset(t)] & 0xffff) == Op.OpTypeStruct ? pointee : 0;
  }

  private Map<Integer, String> entryPointNames;

  /** The first OpEntryPoint name of a function, or null. */
  private String entryPointName(int function) {
    if (entryPointNames == null) {
      entryPointNames = new HashMap<>();
      for (int i = 0, n = m.instructionCount(); i < n; i++) {
        int off = m.offset(i);
        int op = w[off] & 0xffff;
        if (op == Op.OpEntryPoint && m.instructionWordCount(i) >= 4) {
          entryPointNames.putIfAbsent(w[off + 2], m.operandString(i, 2));
        }
        if (op == Op.OpFunction) {
          break;
        }
      }
    }
    return entryPointNames.get(function);
  }

  /**
   * The location and the subject of the finding at {@code offset}. A location whose compiler
   * recorded no column (glslang writes 0) takes the column of the subject's name on the line, or
   * of the line's first non-blank character, when the line's text is known.
   */
  public Resolved resolve(int offset) {
    Subject subject = subject(offset);
    SourceLocation at = locate(offset);
    if (at != null && at.column() == 0 && at.lineText() != null) {
      at = at.withLineText(at.lineText(), column(at.lineText(), subject));
    }
    return new Resolved(at, subject);
  }

  /** A finding's place: where in the source (null: unknown) and what it is about (null: nothing named). */
  public record Resolved(SourceLocation location, Subject subject) {}

  /** The column to show on {@code line} for a location without one: the subject's name, else the first non-blank. */
  public static int column(String line, Subject subject) {
    if (subject != null) {
      String name = subject.name();
      int dot = name.lastIndexOf('.');
      int c = Identifiers.column(line, dot >= 0 ? name.substring(dot + 1) : name);
      if (c > 0) {
        return c;
      }
    }
    return Identifiers.firstNonBlank(line);
  }

  /** The file names the line information uses, in first-use order. */
  public List<String> files() {
    return List.copyOf(files);
  }
}
