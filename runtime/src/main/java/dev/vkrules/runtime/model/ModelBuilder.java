package dev.vkrules.runtime.model;

import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.grammar.InstructionInfo;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.spirv.grammar.OperandKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a {@link ModuleModel} in one pass over the instructions plus linear post-passes
 * (grouping by id, call graph, reachability). Tolerates malformed modules: a missing
 * operand reads as 0 and the instruction contributes what it can.
 */
final class ModelBuilder {
  private static final String TYPE_CLASS = "Type-Declaration";
  private static final String CONSTANT_CLASS = "Constant-Creation";

  private final SpirvModule m;
  private final ModuleModel out;
  private final List<List<Block>> blocks = new ArrayList<>();
  private final List<List<Variable>> locals = new ArrayList<>();
  private final List<IntList> callSites = new ArrayList<>();
  private Function current;
  private Block block;
  private IntList currentParams;

  ModelBuilder(SpirvModule module) {
    this.m = module;
    this.out = new ModuleModel(module);
  }

  private int op(int inst, int k) {
    return k < m.operandCount(inst) ? m.operandWord(inst, k) : 0;
  }

  private String str(int inst, int k) {
    return k < m.operandCount(inst) ? m.operandString(inst, k) : "";
  }

  ModuleModel build() {
    int n = m.instructionCount();
    for (int i = 0; i < n; i++) {
      InstructionInfo info = m.info(i);
      if (info == null) {
        continue;
      }
      instruction(i, info);
    }
    if (current != null) {
      endFunction(n - 1);
    }
    out.byOpcode = OpcodeIndex.build(m);
    out.memberNames.freeze();
    out.decorationIndex.freeze();
    out.modesByFunction.freeze();
    for (EntryPoint e : out.entryPoints) {
      out.entryPointsByFunction.add(e.function, e.index);
    }
    out.entryPointsByFunction.freeze();
    for (EntryPoint e : out.entryPoints) {
      List<ExecutionModeInfo> modes = new ArrayList<>();
      for (int idx : out.modesByFunction.get(e.function)) {
        modes.add(out.executionModes.get(idx));
      }
      e.modes = List.copyOf(modes);
    }
    new CallGraphBuilder(out, callSites).build();
    return out;
  }

  private void instruction(int i, InstructionInfo info) {
    int opcode = m.opcode(i);
    switch (opcode) {
      case Op.OpCapability -> out.capabilities.add(op(i, 0));
      case Op.OpExtension -> out.extensions.add(str(i, 0));
      case Op.OpExtInstImport -> out.imports.put(op(i, 0), str(i, 1));
      case Op.OpMemoryModel -> {
        out.addressingModel = op(i, 0);
        out.memoryModel = op(i, 1);
      }
      case Op.OpEntryPoint -> entryPoint(i);
      case Op.OpExecutionMode, Op.OpExecutionModeId -> {
        out.modesByFunction.add(op(i, 0), out.executionModes.size());
        out.executionModes.add(new ExecutionModeInfo(m, i));
      }
      case Op.OpName -> out.names.putIfAbsent(op(i, 0), i);
      case Op.OpMemberName -> out.memberNames.add(op(i, 0), i);
      case Op.OpDecorate, Op.OpDecorateId, Op.OpDecorateString -> decoration(i, op(i, 0), -1, op(i, 1), 2);
      case Op.OpMemberDecorate, Op.OpMemberDecorateString, Op.OpMemberDecorateIdEXT -> decoration(i, op(i, 0), op(i, 1), op(i, 2), 3);
      case Op.OpGroupDecorate -> {
        for (int k = 1; k < m.operandCount(i); k++) {
          groupApplication(op(i, 0), op(i, k), -1);
        }
      }
      case Op.OpGroupMemberDecorate -> {
        for (int k = 1; k + 1 < m.operandCount(i); k += 2) {
          groupApplication(op(i, 0), op(i, k), op(i, k + 1));
        }
      }
      case Op.OpVariable -> variable(i);
      case Op.OpFunction -> startFunction(i);
      case Op.OpFunctionParameter -> {
        if (currentParams != null) {
          currentParams.add(op(i, 1));
        }
      }
      case Op.OpLabel -> startBlock(i);
      case Op.OpFunctionEnd -> {
        if (current != null) {
          endFunction(i);
        }
      }
      case Op.OpFunctionCall -> {
        if (current != null) {
          callSites.get(current.index).add(i);
        }
      }
      case Op.OpSelectionMerge, Op.OpLoopMerge -> {
        if (block != null) {
          block.merge = i;
        }
      }
      default -> {
        if (info.hasResult() && isType(info)) {
          out.slotByInst[i] = out.typeList.size();
          out.typeList.add(TypeReader.read(m, i, opcode));
        } else if (info.hasResult() && isConstant(info)) {
          Constant c = ConstantReader.read(m, out, i, opcode);
          out.slotByInst[i] = out.constantList.size();
          out.constantList.add(c);
        }
      }
    }
  }

  private static final byte TYPE = 1;
  private static final byte CONSTANT = 2;
  private static final byte OTHER = 3;
  /**
   * Per core opcode: {@link #TYPE}, {@link #CONSTANT} or {@link #OTHER}, made on first use from
   * the grammar's entry (0 before; a race computes the same value twice).
   */
  private static final byte[] CATEGORY = new byte[dev.vkrules.runtime.spirv.grammar.Grammar.core().numberLimit()];

  private static int category(InstructionInfo info) {
    int c = CATEGORY[info.opcode()];
    if (c == 0) {
      // Extension instructions often have the grammar class "Reserved"; their names still tell.
      String name = info.name();
      if (TYPE_CLASS.equals(info.opClass()) || name.startsWith("OpType")) {
        c = TYPE;
      } else if (CONSTANT_CLASS.equals(info.opClass()) || name.startsWith("OpConstant")
          || name.startsWith("OpSpecConstant")) {
        c = CONSTANT;
      } else {
        c = OTHER;
      }
      CATEGORY[info.opcode()] = (byte) c;
    }
    return c;
  }

  private static boolean isType(InstructionInfo info) {
    return category(info) == TYPE;
  }

  private static boolean isConstant(InstructionInfo info) {
    return category(info) == CONSTANT;
  }

  private void entryPoint(int i) {
    int count = m.operandCount(i);
    int[] iface = new int[Math.max(0, count - 3)];
    for (int k = 3; k < count; k++) {
      iface[k - 3] = op(i, k);
    }
    out.entryPoints.add(new EntryPoint(out.entryPoints.size(), i, op(i, 0), op(i, 1), str(i, 2), iface));
  }

  private void decoration(int inst, int target, int member, int decoration, int firstValue) {
    int index = out.decorationList.size();
    out.decorationList.add(new DecorationInfo(m, inst, target, member, decoration,
        Math.min(firstValue, m.operandCount(inst)), 0));
    out.decorationIndex.add(target, index);
  }

  private void groupApplication(int group, int target, int member) {
    int index = out.groupApplications.size();
    out.groupApplications.add(new int[] {group, target, member});
    // Negative entries in the decoration index are group applications, expanded on query.
    out.decorationIndex.add(target, -1 - index);
  }

  private void variable(int i) {
    int pointerType = m.resultTypeId(i);
    int pointee = 0;
    int def = m.definition(pointerType);
    if (def >= 0 && m.opcode(def) == Op.OpTypePointer && m.operandCount(def) >= 3) {
      pointee = m.operandWord(def, 2);
    }
    Variable v = new Variable(m.resultId(i), i, pointerType, op(i, 2), pointee, op(i, 3),
        current == null ? 0 : current.id);
    out.slotByInst[i] = out.variableList.size();
    out.variableList.add(v);
    if (current != null) {
      locals.get(current.index).add(v);
    }
  }

  private void startFunction(int i) {
    if (current != null) {
      endFunction(i - 1);
    }
    current = new Function(out.functionList.size(), m.resultId(i), i, m.resultTypeId(i), op(i, 2), op(i, 3));
    out.slotByInst[i] = current.index;
    out.functionList.add(current);
    blocks.add(new ArrayList<>());
    locals.add(new ArrayList<>());
    callSites.add(new IntList());
    currentParams = new IntList();
  }

  private void startBlock(int i) {
    if (current == null) {
      return;
    }
    closeBlock(i - 1);
    block = new Block(m.resultId(i), i);
    blocks.get(current.index).add(block);
  }

  private void closeBlock(int last) {
    if (block == null) {
      return;
    }
    block.last = last;
    IntList succ = new IntList();
    for (int k = 0; k < m.operandCount(last); k++) {
      OperandKind kind = m.operandKind(last, k);
      if (kind.role() == OperandKind.Role.ID) {
        int def = m.definition(m.operandWord(last, k));
        if (def >= 0 && m.opcode(def) == Op.OpLabel) {
          succ.add(m.operandWord(last, k));
        }
      }
    }
    block.successors = succ.toArray();
    block = null;
  }

  private void endFunction(int end) {
    closeBlock(end - 1);
    current.end = end;
    current.blocks = List.copyOf(blocks.get(current.index));
    current.variables = List.copyOf(locals.get(current.index));
    current.parameters = currentParams.toArray();
    current.callSites = callSites.get(current.index).toArray();
    current = null;
    currentParams = null;
  }
}
