package dev.vkrules.generator.rules;

import com.palantir.javapoet.CodeBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Built-in fields of an entry point that device limits are stated in: the bytes of its
 * variables in some storage classes, with padding ({@code storage-size(Workgroup)},
 * {@code storage-size(TaskPayloadWorkgroupEXT, Workgroup)}), its local workgroup's invocation
 * count, and the instructions of some opcodes its call tree holds ({@code reached(OpSetMeshOutputsEXT)},
 * {@code reached-count(OpEmitMeshTasksEXT)}; these two also from a function), and the order of
 * instructions inside one block ({@code previous-in-block(OpControlBarrierArriveEXT, OpFunctionCall)},
 * of any instruction in a function). The runtime side is {@code EntryPointMeasures}.
 */
final class EntryPointFields {
  static final Map<String, String> FIELDS = new TreeMap<>(Map.of(
      "storage-size(...)", "the bytes, with padding, of the variables of these storage classes in an entry point's stage (those it statically uses and those no entry point uses)",
      "local-size-invocations", "the product of an entry point's local workgroup size in x, y and z",
      "reached(...)", "the instructions with these opcodes in the functions an entry point (or a function) reaches",
      "reached-count(...)", "how many instructions with these opcodes the functions an entry point (or a function) reaches hold",
      "previous-in-block(...)", "the nearest instruction with one of these opcodes before an instruction in its block (unknown when none)"));

  private static final Pattern CALL = Pattern.compile("(storage-size|reached|reached-count|previous-in-block)\\((.*)\\)");

  private final CompileContext cx;

  EntryPointFields(CompileContext cx) {
    this.cx = cx;
  }

  static boolean handles(String seg) {
    return seg.equals("local-size-invocations") || CALL.matcher(seg).matches();
  }

  PathCompiler.Val compile(VType.Insn insn, CodeBlock x, String seg, YNode.Pos pos) {
    if (seg.startsWith("previous-in-block(")) {
      // any instruction: one outside a function has no block, which the runtime reports as unknown
      Matcher call = CALL.matcher(seg);
      call.matches();
      List<YNode> args = arguments(call.group(2), pos.plus(call.start(2)));
      if (args.isEmpty()) {
        throw new RuleError(pos, "'previous-in-block' needs at least one argument");
      }
      Set<String> names = new java.util.TreeSet<>();
      args.forEach(a -> names.addAll(ValueTests.opcodeNames(cx.grammar, a)));
      return new PathCompiler.Val(VType.Insn.of(names),
          CodeBlock.of("f.measures().previousInBlock($L, $L)", x, new ValueTests(cx).opcodeRefs(args)));
    }
    // reached(...) also walks from a function (an execution mode's Entry Point operand)
    Set<String> allowed = seg.startsWith("reached") ? Set.of("OpEntryPoint", "OpFunction") : Set.of("OpEntryPoint");
    if (!allowed.containsAll(insn.opcodes())) {
      throw new RuleError(pos, "field '" + seg + "' needs " + String.join(" or ", new java.util.TreeSet<>(allowed))
          + ", not " + insn);
    }
    if (seg.equals("local-size-invocations")) {
      return new PathCompiler.Val(new VType.Int(), CodeBlock.of("f.measures().invocations($L)", x));
    }
    Matcher call = CALL.matcher(seg);
    call.matches();
    List<YNode> args = arguments(call.group(2), pos.plus(call.start(2)));
    if (args.isEmpty()) {
      throw new RuleError(pos, "'" + call.group(1) + "' needs at least one argument");
    }
    ValueTests values = new ValueTests(cx);
    if (call.group(1).equals("storage-size")) {
      cx.sums = true;
      List<CodeBlock> classes = new ArrayList<>();
      for (YNode a : args) {
        classes.add(values.enumerantRef("StorageClass", a));
      }
      return new PathCompiler.Val(new VType.Int(),
          CodeBlock.of("f.measures().storageSize($L, $L)", x, CodeBlock.join(classes, ", ")));
    }
    if (call.group(1).equals("reached")) {
      Set<String> names = new java.util.TreeSet<>();
      args.forEach(a -> names.addAll(ValueTests.opcodeNames(cx.grammar, a)));
      return new PathCompiler.Val(new VType.InsnList(VType.Insn.of(names)),
          CodeBlock.of("f.measures().reached($L, $L)", x, values.opcodeRefs(args)));
    }
    return new PathCompiler.Val(new VType.Int(),
        CodeBlock.of("f.measures().reachedCount($L, $L)", x, values.opcodeRefs(args)));
  }

  /** The comma-separated names between the parentheses, each with its own column. */
  private static List<YNode> arguments(String text, YNode.Pos start) {
    List<YNode> out = new ArrayList<>();
    int col = 0;
    for (String part : text.split(",", -1)) {
      String name = part.trim();
      if (!name.isEmpty()) {
        out.add(new YNode.Scalar(start.plus(col + part.indexOf(name)), name));
      }
      col += part.length() + 1;
    }
    return out;
  }
}
