import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Helper of hostile-bench.sh, run as a single-file program (JDK only, no project classes):
 * writes one SPIR-V module of a hostile shape, a shape where a validator that scans per query
 * instead of indexing once grows quadratically. Each module is as valid as the shape allows, so
 * that every rule runs on it (spirv-val accepts all but the ones noted).
 *
 * <pre>
 * java HostileShapes.java SHAPE N OUT.spv     one module; prints "SHAPE N BYTES"
 * java HostileShapes.java --list              the shapes, one a line
 * </pre>
 *
 * Shapes (N counts the hostile part):
 * <ul>
 *   <li>decorations: N OpDecorate Location on one Output variable (16 bytes each: 1M is 16 MB);
 *       spirv-val rejects it (Location given more than once), after reading it all
 *   <li>decoration-strings: N OpDecorateString UserSemantic on one variable (16 bytes each, valid)
 *   <li>members: one Output Block struct of N members (at most 16,383), each with a Location and an Offset
 *   <li>nested-structs: one Output Block struct of N members that are all one struct of N floats,
 *       each outer member with an Offset (at most 16,383): a type walked again for every member
 *       that refers to it is N*N steps
 *   <li>entry-points: N GLCompute entry points on one function (one LocalSize: a mode names the function)
 *   <li>execution-modes: N/3 fragment functions, each an entry point with three execution modes
 *   <li>names: N OpName (on N constants) and N OpMemberName (on structs of 1,000 members)
 *   <li>functions: N functions, each called from the entry point
 *   <li>blocks: one function of N blocks, each branching to the next
 *   <li>huge-block: one block of N OpIAdd, each on the previous result
 *   <li>call-chain: N functions, each calling the next (a call tree N deep)
 * </ul>
 * Deterministic: same arguments, same bytes.
 */
public final class HostileShapes {
  static final List<String> SHAPES = List.of("decorations", "decoration-strings", "members", "nested-structs", "entry-points", "execution-modes",
      "names", "functions", "blocks", "huge-block", "call-chain");

  // Opcodes, enumerants (SPIR-V 1.6 unified grammar).
  static final int OpName = 5, OpMemberName = 6, OpExtension = 10, OpMemoryModel = 14, OpEntryPoint = 15,
      OpExecutionMode = 16, OpCapability = 17, OpTypeVoid = 19, OpTypeInt = 21, OpTypeFloat = 22,
      OpTypeStruct = 30, OpTypePointer = 32, OpTypeFunction = 33, OpConstant = 43, OpFunction = 54,
      OpFunctionEnd = 56, OpFunctionCall = 57, OpVariable = 59, OpStore = 62, OpDecorate = 71,
      OpMemberDecorate = 72, OpIAdd = 128, OpLabel = 248, OpBranch = 249, OpReturn = 253,
      OpDecorateString = 5632;
  static final int CapShader = 1, Logical = 0, GLSL450 = 1, Vertex = 0, Fragment = 4, GLCompute = 5;
  static final int OriginUpperLeft = 7, EarlyFragmentTests = 9, DepthUnchanged = 16, LocalSize = 17;
  static final int Block = 2, Location = 30, Offset = 35, UserSemantic = 5635;
  static final int Output = 3, Private = 6;

  /** One section of the module, in the logical layout's order. */
  static final class Words {
    int[] w = new int[256];
    int n;

    void emit(int opcode, int... operands) {
      ensure(operands.length + 1);
      w[n++] = ((operands.length + 1) << 16) | opcode;
      System.arraycopy(operands, 0, w, n, operands.length);
      n += operands.length;
    }

    /** {@code opcode before... "s" after...} */
    void emitString(int opcode, int[] before, String s, int... after) {
      byte[] b = s.getBytes(StandardCharsets.UTF_8);
      int strWords = b.length / 4 + 1;
      int[] ops = new int[before.length + strWords + after.length];
      System.arraycopy(before, 0, ops, 0, before.length);
      for (int i = 0; i < b.length; i++) {
        ops[before.length + i / 4] |= (b[i] & 0xff) << (8 * (i % 4));
      }
      System.arraycopy(after, 0, ops, before.length + strWords, after.length);
      emit(opcode, ops);
    }

    void ensure(int more) {
      if (n + more > w.length) {
        w = Arrays.copyOf(w, Math.max(w.length * 2, n + more));
      }
    }
  }

  final Words caps = new Words(), entries = new Words(), modes = new Words(), debug = new Words(),
      annotations = new Words(), types = new Words(), code = new Words();
  int nextId = 1;

  int id() {
    return nextId++;
  }

  // The types every shape shares.
  final int tVoid = id(), tFn = id(), tInt = id(), tFloat = id();

  HostileShapes() {
    caps.emit(OpCapability, CapShader);
    types.emit(OpTypeVoid, tVoid);
    types.emit(OpTypeFunction, tFn, tVoid);
    types.emit(OpTypeInt, tInt, 32, 1);
    types.emit(OpTypeFloat, tFloat, 32);
  }

  byte[] bytes() {
    int total = 5;
    Words[] sections = {caps, entries, modes, debug, annotations, types, code};
    for (Words s : sections) {
      total += s.n;
    }
    ByteBuffer out = ByteBuffer.allocate(total * 4).order(ByteOrder.LITTLE_ENDIAN);
    out.putInt(0x07230203).putInt(0x00010300).putInt(0).putInt(nextId).putInt(0);
    for (Words s : sections) {
      for (int i = 0; i < s.n; i++) {
        out.putInt(s.w[i]);
      }
    }
    return out.array();
  }

  void memoryModel() {
    caps.emit(OpMemoryModel, Logical, GLSL450);
  }

  /** void fn() { label; [body]; return } with the given result id. */
  void voidFunction(int fn, Runnable body) {
    code.emit(OpFunction, tVoid, fn, 0, tFn);
    code.emit(OpLabel, id());
    if (body != null) {
      body.run();
    }
    code.emit(OpReturn);
    code.emit(OpFunctionEnd);
  }

  void computeEntry(int fn, String name) {
    entries.emitString(OpEntryPoint, new int[] {GLCompute, fn}, name);
    modes.emit(OpExecutionMode, fn, LocalSize, 1, 1, 1);
  }

  int constant(int value) {
    int c = id();
    types.emit(OpConstant, tInt, c, value);
    return c;
  }

  static byte[] generate(String shape, int n) {
    HostileShapes m = new HostileShapes();
    switch (shape) {
      case "decorations" -> {
        // The shape: one Output variable decorated N times with Location (16 bytes each).
        // spirv-val rejects it (a Location given more than once), after reading all of it.
        m.memoryModel();
        int main = m.id(), ptr = m.id(), var = m.id();
        m.entries.emitString(OpEntryPoint, new int[] {Vertex, main}, "main", var);
        m.types.emit(OpTypePointer, ptr, Output, m.tFloat);
        m.types.emit(OpVariable, ptr, var, Output);
        for (int i = 0; i < n; i++) {
          m.annotations.emit(OpDecorate, var, Location, i);
        }
        m.voidFunction(main, null);
      }
      case "decoration-strings" -> {
        // A valid variant: N OpDecorateString UserSemantic "a" on one variable (16 bytes each too).
        m.caps.emitString(OpExtension, new int[0], "SPV_GOOGLE_hlsl_functionality1");
        m.memoryModel();
        int main = m.id();
        m.computeEntry(main, "main");
        int ptr = m.id(), var = m.id(), one = m.constant(1);
        m.types.emit(OpTypePointer, ptr, Private, m.tInt);
        m.types.emit(OpVariable, ptr, var, Private);
        for (int i = 0; i < n; i++) {
          m.annotations.emitString(OpDecorateString, new int[] {var, UserSemantic}, "a");
        }
        m.voidFunction(main, () -> m.code.emit(OpStore, var, one));
      }
      case "members" -> {
        if (n > 16383) {
          throw new IllegalArgumentException("members: at most 16383 (the universal limit of struct members)");
        }
        m.memoryModel();
        int main = m.id(), struct = m.id(), ptr = m.id(), var = m.id();
        m.entries.emitString(OpEntryPoint, new int[] {Vertex, main}, "main", var);
        int[] members = new int[1 + n];
        members[0] = struct;
        Arrays.fill(members, 1, members.length, m.tFloat);
        m.types.emit(OpTypeStruct, members);
        m.types.emit(OpTypePointer, ptr, Output, struct);
        m.types.emit(OpVariable, ptr, var, Output);
        m.annotations.emit(OpDecorate, struct, Block);
        for (int i = 0; i < n; i++) {
          m.annotations.emit(OpMemberDecorate, struct, i, Location, i);
          m.annotations.emit(OpMemberDecorate, struct, i, Offset, 4 * i);
        }
        m.voidFunction(main, null);
      }
      case "nested-structs" -> {
        if (n > 16383) {
          throw new IllegalArgumentException("nested-structs: at most 16383 (the universal limit of struct members)");
        }
        m.memoryModel();
        int main = m.id(), inner = m.id(), outer = m.id(), ptr = m.id(), var = m.id();
        m.entries.emitString(OpEntryPoint, new int[] {Vertex, main}, "main", var);
        int[] floats = new int[1 + n];
        floats[0] = inner;
        Arrays.fill(floats, 1, floats.length, m.tFloat);
        m.types.emit(OpTypeStruct, floats);
        int[] inners = new int[1 + n];
        inners[0] = outer;
        Arrays.fill(inners, 1, inners.length, inner);
        m.types.emit(OpTypeStruct, inners);
        m.types.emit(OpTypePointer, ptr, Output, outer);
        m.types.emit(OpVariable, ptr, var, Output);
        m.annotations.emit(OpDecorate, outer, Block);
        m.annotations.emit(OpDecorate, var, Location, 0);
        for (int i = 0; i < n; i++) {
          m.annotations.emit(OpMemberDecorate, outer, i, Offset, 4 * n * i);
        }
        m.voidFunction(main, null);
      }
      case "entry-points" -> {
        m.memoryModel();
        int main = m.id();
        for (int i = 0; i < n; i++) {
          m.entries.emitString(OpEntryPoint, new int[] {GLCompute, main}, "e" + i);
        }
        // An execution mode names the function: one LocalSize serves every entry point.
        m.modes.emit(OpExecutionMode, main, LocalSize, 1, 1, 1);
        m.voidFunction(main, null);
      }
      case "execution-modes" -> {
        m.memoryModel();
        for (int i = 0; i < n / 3; i++) {
          int fn = m.id();
          m.entries.emitString(OpEntryPoint, new int[] {Fragment, fn}, "f" + i);
          m.modes.emit(OpExecutionMode, fn, OriginUpperLeft);
          m.modes.emit(OpExecutionMode, fn, EarlyFragmentTests);
          m.modes.emit(OpExecutionMode, fn, DepthUnchanged);
          m.voidFunction(fn, null);
        }
      }
      case "names" -> {
        m.memoryModel();
        int main = m.id();
        m.computeEntry(main, "main");
        for (int i = 0; i < n; i++) {
          int c = m.constant(i);
          m.debug.emitString(OpName, new int[] {c}, "c" + i);
        }
        for (int done = 0; done < n; done += 1000) {
          int count = Math.min(1000, n - done);
          int struct = m.id();
          int[] members = new int[1 + count];
          members[0] = struct;
          Arrays.fill(members, 1, members.length, m.tInt);
          m.types.emit(OpTypeStruct, members);
          m.debug.emitString(OpName, new int[] {struct}, "S" + done);
          for (int i = 0; i < count; i++) {
            m.debug.emitString(OpMemberName, new int[] {struct, i}, "m" + i);
          }
        }
        m.voidFunction(main, null);
      }
      case "functions" -> {
        m.memoryModel();
        int main = m.id();
        m.computeEntry(main, "main");
        int[] fns = new int[n];
        for (int i = 0; i < n; i++) {
          fns[i] = m.id();
        }
        m.voidFunction(main, () -> {
          for (int f : fns) {
            m.code.emit(OpFunctionCall, m.tVoid, m.id(), f);
          }
        });
        for (int f : fns) {
          m.voidFunction(f, null);
        }
      }
      case "blocks" -> {
        m.memoryModel();
        int main = m.id();
        m.computeEntry(main, "main");
        m.code.emit(OpFunction, m.tVoid, main, 0, m.tFn);
        int label = m.id();
        for (int i = 0; i < n; i++) {
          m.code.emit(OpLabel, label);
          if (i + 1 < n) {
            label = m.id();
            m.code.emit(OpBranch, label);
          }
        }
        m.code.emit(OpReturn);
        m.code.emit(OpFunctionEnd);
      }
      case "huge-block" -> {
        m.memoryModel();
        int main = m.id();
        m.computeEntry(main, "main");
        int one = m.constant(1);
        m.voidFunction(main, () -> {
          int prev = one;
          for (int i = 0; i < n; i++) {
            int v = m.id();
            m.code.emit(OpIAdd, m.tInt, v, prev, one);
            prev = v;
          }
        });
      }
      case "call-chain" -> {
        m.memoryModel();
        int main = m.id();
        m.computeEntry(main, "main");
        int[] fns = new int[n + 1];
        fns[0] = main;
        for (int i = 1; i <= n; i++) {
          fns[i] = m.id();
        }
        for (int i = 0; i <= n; i++) {
          int callee = i < n ? fns[i + 1] : -1;
          m.voidFunction(fns[i], callee < 0 ? null : () -> m.code.emit(OpFunctionCall, m.tVoid, m.id(), callee));
        }
      }
      default -> throw new IllegalArgumentException("unknown shape '" + shape + "'; one of " + SHAPES);
    }
    return m.bytes();
  }

  public static void main(String[] args) throws IOException {
    if (args.length == 1 && args[0].equals("--list")) {
      SHAPES.forEach(System.out::println);
      return;
    }
    if (args.length != 3) {
      System.err.println("usage: HostileShapes SHAPE N OUT.spv | --list");
      System.exit(2);
    }
    try {
      byte[] bytes = generate(args[0], Integer.parseInt(args[1]));
      Files.write(Path.of(args[2]), bytes);
      System.out.println(args[0] + " " + args[1] + " " + bytes.length);
    } catch (IllegalArgumentException e) {
      System.err.println("HostileShapes: " + e.getMessage());
      System.exit(2);
    }
  }
}
