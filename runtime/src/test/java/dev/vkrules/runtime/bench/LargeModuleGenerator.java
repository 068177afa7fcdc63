package dev.vkrules.runtime.bench;

import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.grammar.AddressingModel;
import dev.vkrules.runtime.spirv.grammar.Capability;
import dev.vkrules.runtime.spirv.grammar.Decoration;
import dev.vkrules.runtime.spirv.grammar.ExecutionMode;
import dev.vkrules.runtime.spirv.grammar.ExecutionModel;
import dev.vkrules.runtime.spirv.grammar.FunctionControl;
import dev.vkrules.runtime.spirv.grammar.MemoryModel;
import dev.vkrules.runtime.spirv.grammar.Op;
import dev.vkrules.runtime.spirv.grammar.StorageClass;
import dev.vkrules.runtime.spirv.grammar.Versions;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes large valid compute modules for benchmarks: many functions calling each other (a
 * DAG: function i calls i-1 and i/2), many struct and array types, many constants, and long
 * straight-line blocks. The size grows linearly with {@code functions}; {@link #ofSize} picks
 * the count for a target byte size. Deterministic: same arguments, same bytes.
 */
public final class LargeModuleGenerator {
  /** Arithmetic instructions per function body. */
  public static final int BLOCK_LENGTH = 200;

  private int[] w = new int[1 << 16];
  private int n;
  private int nextId = 1;

  private void emit(int opcode, int... operands) {
    ensure(operands.length + 1);
    w[n++] = ((operands.length + 1) << 16) | opcode;
    System.arraycopy(operands, 0, w, n, operands.length);
    n += operands.length;
  }

  private void emitWithString(int opcode, int before, String s, int... after) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    int strWords = b.length / 4 + 1;
    int[] ops = new int[1 + strWords + after.length];
    ops[0] = before;
    for (int i = 0; i < b.length; i++) {
      ops[1 + i / 4] |= (b[i] & 0xff) << (8 * (i % 4));
    }
    System.arraycopy(after, 0, ops, 1 + strWords, after.length);
    emit(opcode, ops);
  }

  private void ensure(int more) {
    if (n + more > w.length) {
      w = Arrays.copyOf(w, Math.max(w.length * 2, n + more));
    }
  }

  private int id() {
    return nextId++;
  }

  /** A module of about {@code bytes} bytes (at least one function). */
  public static int[] ofSize(long bytes) {
    int[] one = generate(1);
    int[] two = generate(2);
    long perFunction = (two.length - one.length) * 4L;
    long fixed = one.length * 4L - perFunction;
    return generate((int) Math.max(1, (bytes - fixed) / perFunction));
  }

  /** Writes a module of about BYTES bytes to FILE: {@code LargeModuleGenerator BYTES FILE}. */
  public static void main(String[] args) throws java.io.IOException {
    if (args.length != 2) {
      System.err.println("usage: LargeModuleGenerator BYTES FILE");
      System.exit(2);
    }
    int[] words = ofSize(Long.parseLong(args[0]));
    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(words.length * 4).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    b.asIntBuffer().put(words);
    java.nio.file.Path out = java.nio.file.Path.of(args[1]).toAbsolutePath();
    java.nio.file.Path tmp = java.nio.file.Files.createTempFile(out.getParent(), ".module", ".tmp");
    java.nio.file.Files.write(tmp, b.array());
    java.nio.file.Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  /** A module with {@code functions} functions besides the entry point. */
  public static int[] generate(int functions) {
    return new LargeModuleGenerator().build(functions);
  }

  private int[] build(int functions) {
    ensure(5);
    n = 5;
    int main = id();
    emit(Op.OpCapability, Capability.Shader);
    emit(Op.OpMemoryModel, AddressingModel.Logical, MemoryModel.GLSL450);
    emit(Op.OpEntryPoint, ExecutionModel.GLCompute, main, 0x6e69616d, 0); // name "main"
    emit(Op.OpExecutionMode, main, ExecutionMode.LocalSize, 1, 1, 1);
    emitWithString(Op.OpName, main, "main");

    int tVoid = id();
    int tFloat = id();
    int tUint = id();
    int tVoidFn = id();
    int tFloatFn = id();
    int tPtrFloat = id();
    int[] fn = new int[functions];
    int[] structs = new int[functions];
    int[] arrays = new int[functions];
    int[] lengths = new int[functions];
    int[] constants = new int[functions];
    for (int i = 0; i < functions; i++) {
      fn[i] = id();
      structs[i] = id();
      arrays[i] = id();
      lengths[i] = id();
      constants[i] = id();
    }
    for (int i = 0; i < functions; i++) {
      emitWithString(Op.OpName, fn[i], "f" + i);
    }
    for (int i = 0; i < functions; i++) {
      emit(Op.OpMemberDecorate, structs[i], 0, Decoration.Offset, 0);
      emit(Op.OpMemberDecorate, structs[i], 1, Decoration.Offset, 16);
    }
    emit(Op.OpTypeVoid, tVoid);
    emit(Op.OpTypeFloat, tFloat, 32);
    emit(Op.OpTypeInt, tUint, 32, 0);
    emit(Op.OpTypeFunction, tVoidFn, tVoid);
    emit(Op.OpTypeFunction, tFloatFn, tFloat, tFloat);
    emit(Op.OpTypePointer, tPtrFloat, StorageClass.Function, tFloat);
    for (int i = 0; i < functions; i++) {
      emit(Op.OpConstant, tUint, lengths[i], i + 1);
      emit(Op.OpConstant, tFloat, constants[i], Float.floatToIntBits(1.0f + i / 1024f));
      emit(Op.OpTypeArray, arrays[i], tFloat, lengths[i]);
      emit(Op.OpTypeStruct, structs[i], tFloat, i == 0 ? tFloat : arrays[i - 1]);
    }
    for (int i = 0; i < functions; i++) {
      function(fn, i, tFloat, tFloatFn, tPtrFloat, constants);
    }
    emit(Op.OpFunction, tVoid, main, FunctionControl.None, tVoidFn);
    emit(Op.OpLabel, id());
    if (functions > 0) {
      emit(Op.OpFunctionCall, tFloat, id(), fn[functions - 1], constants[0]);
    }
    emit(Op.OpReturn);
    emit(Op.OpFunctionEnd);
    int[] out = Arrays.copyOf(w, n);
    out[0] = SpirvParser.MAGIC;
    out[1] = Versions.of(1, 6);
    out[2] = 0;
    out[3] = nextId;
    out[4] = 0;
    return out;
  }

  private void function(int[] fn, int i, int tFloat, int tFloatFn, int tPtrFloat, int[] constants) {
    int param = id();
    emit(Op.OpFunction, tFloat, fn[i], FunctionControl.None, tFloatFn);
    emit(Op.OpFunctionParameter, tFloat, param);
    emit(Op.OpLabel, id());
    int local = id();
    emit(Op.OpVariable, tPtrFloat, local, StorageClass.Function);
    int value = param;
    for (int k = 0; k < BLOCK_LENGTH; k++) {
      int r = id();
      emit(k % 2 == 0 ? Op.OpFAdd : Op.OpFMul, tFloat, r, value, constants[(i + k) % constants.length]);
      value = r;
    }
    if (i > 0) {
      int r = id();
      emit(Op.OpFunctionCall, tFloat, r, fn[i - 1], value);
      value = r;
    }
    if (i / 2 != i - 1 && i / 2 < i) {
      int r = id();
      emit(Op.OpFunctionCall, tFloat, r, fn[i / 2], value);
      value = r;
    }
    emit(Op.OpStore, local, value);
    int loaded = id();
    emit(Op.OpLoad, tFloat, loaded, local);
    emit(Op.OpReturnValue, loaded);
    emit(Op.OpFunctionEnd);
  }
}
