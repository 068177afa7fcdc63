package dev.vkrules.runtime.engine.interfaces;

import dev.vkrules.runtime.engine.base.CountedPart;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.base.Values;
import dev.vkrules.runtime.engine.layout.Layout;
import dev.vkrules.runtime.engine.layout.StandardLayout;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.engine.module.ReachingEntryPoints;
import dev.vkrules.runtime.engine.module.Types;
import dev.vkrules.runtime.spirv.grammar.Decoration;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.spirv.grammar.StorageClass;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Measures of one entry point that limits are stated in: the bytes its variables of some
 * storage classes take at least ({@code storage-size(...)}), its local workgroup's invocations
 * ({@code local-size-invocations}) and the instructions of some opcodes its call tree holds
 * ({@code reached(...)}, {@code reached-count(...)}). Unknown where a size or count is not a constant of the
 * module (an array sized by a specialization constant, a local size given by one).
 */
public final class EntryPointMeasures {
  private final InterfaceView f;
  private final Layout layout;
  private final StandardLayout standard;
  /** Opcode set → per function index, its instructions with one of them. */
  private final Map<String, int[][]> perFunction = new HashMap<>();

  /** Measures the module {@code f} views, with its explicit {@code layout}. */
  public EntryPointMeasures(InterfaceView f, Layout layout) {
    this.f = f;
    this.layout = layout;
    this.standard = new StandardLayout(f);
  }

  /**
   * The bytes the module-scope variables of these storage classes take in the entry point's
   * shader stage, at least. Which variables: those the entry point statically uses (its
   * interface, which from SPIR-V 1.4 on lists every module-scope variable its call tree names,
   * and its call tree; OpUntypedVariableKHR as OpVariable), and those no entry point of the
   * module statically uses. The VUIDs count "variables ... in the Workgroup Storage Class" and
   * the limits "variables declared with the Workgroup storage class in shader modules", not only
   * statically used ones, so a declared variable counts in whatever stage the module is used
   * as; one that only another entry point uses belongs to that entry point's stage.
   *
   * <p>How much: each non-Block variable its size under the Standard Storage Buffer Layout
   * (Booleans as 32-bit integers, as the Shaders chapter's Workgroup-padding paragraph says),
   * its padding inside included, up to its last byte of data. The padding between variables is
   * left out: it depends on the order the implementation places them in, which that paragraph
   * leaves open, so the sum is what every order needs. Explicitly laid out (Block-decorated)
   * Workgroup variables alias one another and count as the largest, without padding at its end
   * (same paragraph): its Offset and ArrayStride layout up to its last byte of data; a Block
   * variable of another storage class counts the same way. An array sized by a specialization constant counts with
   * the constant's default value (an OpSpecConstantOp evaluated on defaults): the size the
   * module has unless a pipeline specializes it.
   */
  public long storageSize(int ep, long... storageClasses) {
    long[] sum = {0, 0};
    for (int v : ReachingEntryPoints.variables(f, ep, true)) {
      add(v, storageClasses, sum);
    }
    for (int v : f.reach().usedByNone.clone()) {
      add(v, storageClasses, sum);
    }
    if (f.device().counting()) {
      f.device().counted(storageParts(ep, storageClasses));
    }
    return sum[0] + sum[1];
  }

  /**
   * What {@link #storageSize} counted: each variable with its bytes, a Block variable's as its
   * members take them ({@link CountedParts#blockMembers}); of the explicitly laid out Workgroup
   * variables, only the largest, which the others alias.
   */
  private List<CountedPart> storageParts(int ep, long[] storageClasses) {
    List<CountedPart> out = new ArrayList<>();
    int largest = -1;
    long largestSize = -1;
    int[] used = ReachingEntryPoints.variables(f, ep, true);
    int[] unused = f.reach().usedByNone;
    for (int i = 0; i < used.length + unused.length; i++) {
      int v = i < used.length ? used[i] : unused[i - used.length];
      long sc = f.storageClass(v);
      if (!Values.in(sc, storageClasses)) {
        continue;
      }
      int type = Types.variableType(f, v);
      if (!f.decorated(f.base(type), Decoration.Block)) {
        out.add(new CountedPart(CountedParts.names(f).variable(v), standard.tightSize(type), CountedParts.BYTES, v));
      } else if (sc != StorageClass.Workgroup) {
        out.addAll(CountedParts.blockMembers(f, v, type, layout.tightSizeWithDefaults(type)));
      } else if (layout.tightSizeWithDefaults(type) > largestSize) {
        largest = v;
        largestSize = layout.tightSizeWithDefaults(type);
      }
    }
    if (largest >= 0) {
      out.addAll(CountedParts.blockMembers(f, largest, Types.variableType(f, largest), largestSize));
    }
    return CountedParts.ordered(out);
  }

  /** Adds a variable of one of the storage classes: {@code sum[0]} the total, {@code sum[1]} the largest Workgroup Block. */
  private void add(int v, long[] storageClasses, long[] sum) {
    long sc = f.storageClass(v);
    if (!Values.in(sc, storageClasses)) {
      return;
    }
    int type = Types.variableType(f, v);
    if (f.decorated(f.base(type), Decoration.Block)) {
      if (sc == StorageClass.Workgroup) {
        sum[1] = Math.max(sum[1], layout.tightSizeWithDefaults(type));
      } else {
        sum[0] += layout.tightSizeWithDefaults(type);
      }
      return;
    }
    sum[0] += standard.tightSize(type);
  }

  /** The product of the entry point's local workgroup size in x, y and z. */
  public long invocations(int ep) {
    return LocalSize.dimension(f, ep, 0) * LocalSize.dimension(f, ep, 1) * LocalSize.dimension(f, ep, 2);
  }

  /**
   * The instructions with one of these opcodes in the functions an entry point (OpEntryPoint)
   * or a function (OpFunction) reaches through the static call graph, each function once.
   */
  public int[] reached(int x, long... opcodes) {
    int fn = switch (f.opcode(x)) {
      case Op.OpEntryPoint -> f.reach().functionIndex(f.module().words[x + 2]);
      case Op.OpFunction -> f.reach().functionIndex(f.module().words[x + 2]);
      default -> Unknown.raise();
    };
    int[][] lists = perFunction.computeIfAbsent(Arrays.toString(opcodes), k -> listPerFunction(opcodes));
    BitSet functions = f.reach().reach(fn);
    ModuleIndex.IntList out = new ModuleIndex.IntList();
    for (int i = functions.nextSetBit(0); i >= 0; i = functions.nextSetBit(i + 1)) {
      for (int insn : lists[i]) {
        out.add(insn);
      }
    }
    int[] all = out.toArray();
    Arrays.sort(all);
    return all;
  }

  /** How many instructions {@link #reached} gives. */
  public long reachedCount(int x, long... opcodes) {
    return reached(x, opcodes).length;
  }

  /**
   * The nearest instruction before instruction {@code x} in its block (after the block's
   * OpLabel) whose opcode is one of these: what certainly executed last among them, in the same
   * invocation, whenever {@code x} executes. Unknown when there is none, and for an instruction
   * outside a function. Answered from one pass over the module per opcode set (made on the first
   * question), so any number of subjects in one huge block costs a lookup each, not a walk back.
   */
  public int previousInBlock(int x, long... opcodes) {
    int i = f.module().indexOf(x);
    if (i < 0 || f.module().functionOf[i] < 0) {
      return Unknown.raise();
    }
    int[] previous = previousPerSet.computeIfAbsent(Arrays.toString(opcodes), k -> previousInBlocks(opcodes));
    return previous[i] >= 0 ? f.module().starts[previous[i]] : Unknown.raise();
  }

  /** Opcode set → per instruction index, the index of the nearest earlier one in its block with one of them, or -1. */
  private final Map<String, int[]> previousPerSet = new HashMap<>();

  private int[] previousInBlocks(long[] opcodes) {
    int[] starts = f.module().starts;
    int[] out = new int[starts.length];
    int last = -1;
    for (int i = 0; i < starts.length; i++) {
      out[i] = last;
      int op = (int) f.opcode(starts[i]);
      if (op == Op.OpLabel || op == Op.OpFunction || op == Op.OpFunctionParameter) {
        last = -1; // a block (or a function's header) starts: nothing before it counts
      } else if (Values.in(op, opcodes)) {
        last = i;
      }
    }
    return out;
  }

  /** One pass over the module: per function, its instructions with one of the opcodes. */
  private int[][] listPerFunction(long[] opcodes) {
    ModuleIndex.IntList[] lists = new ModuleIndex.IntList[f.module().functionStarts.length];
    int[] starts = f.module().starts;
    for (int i = 0; i < starts.length; i++) {
      int fn = f.module().functionOf[i];
      if (fn >= 0 && Values.in(f.opcode(starts[i]), opcodes)) {
        if (lists[fn] == null) {
          lists[fn] = new ModuleIndex.IntList();
        }
        lists[fn].add(starts[i]);
      }
    }
    int[][] out = new int[lists.length][];
    for (int i = 0; i < lists.length; i++) {
      out[i] = lists[i] == null ? ModuleIndex.IntList.EMPTY : lists[i].toArray();
    }
    return out;
  }
}
