package dev.vkrules.runtime.spirv.text;

import dev.vkrules.runtime.spirv.IdMap;
import dev.vkrules.runtime.spirv.SpirvModule;
import dev.vkrules.runtime.spirv.grammar.Enumerant;
import dev.vkrules.runtime.spirv.grammar.Grammar;
import dev.vkrules.runtime.spirv.grammar.Op;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Friendly id names in the style of spirv-dis: {@code OpName} strings, then names derived
 * from types ({@code %v4float}, {@code %_ptr_Input_float}, {@code %_arr_float_uint_3}) and
 * scalar constants ({@code %float_n2_5}, {@code %true}); characters outside
 * {@code [A-Za-z0-9_]} become {@code _}; clashes get {@code _0}, {@code _1}, ... One pass.
 */
final class FriendlyNames implements IdNames {
  private final IdMap slot = IdMap.hashed();
  private final List<String> names = new ArrayList<>();
  private final Set<String> used = new HashSet<>();

  private FriendlyNames() {}

  static FriendlyNames of(SpirvModule m) {
    FriendlyNames f = new FriendlyNames();
    IdMap numeric = IdMap.hashed();
    for (int i = 0; i < m.instructionCount(); i++) {
      int op = m.opcode(i);
      // only the opcodes below name anything: the others (most of a module: decorations, code)
      // are passed over on their opcode alone (this loop runs once, in the interpreter)
      if (!names(op) || m.info(i) == null) {
        continue;
      }
      int n = m.operandCount(i);
      int id = m.resultId(i);
      if (op == Op.OpName && n >= 2) {
        f.save(m.operandWord(i, 0), m.operandString(i, 1));
      } else if (op == Op.OpTypeVoid) {
        f.save(id, "void");
      } else if (op == Op.OpTypeBool) {
        f.save(id, "bool");
      } else if (op == Op.OpTypeInt && n >= 3) {
        int width = m.operandWord(i, 1);
        boolean signed = m.operandWord(i, 2) != 0;
        f.save(id, switch (width) {
          case 8 -> signed ? "char" : "uchar";
          case 16 -> signed ? "short" : "ushort";
          case 32 -> signed ? "int" : "uint";
          case 64 -> signed ? "long" : "ulong";
          default -> (signed ? "i" : "u") + Integer.toUnsignedString(width);
        });
        numeric.putIfAbsent(id, (signed ? 1 << 16 : 0) | (width & 0xffff));
      } else if (op == Op.OpTypeFloat && n >= 2) {
        int width = m.operandWord(i, 1);
        FloatFormat format = FloatFormat.of(width, n >= 3 ? m.operandWord(i, 2) : FloatFormat.IEEE);
        f.save(id, format != null ? format.typeName : "fp" + Integer.toUnsignedString(width));
        if (format != null) {
          numeric.putIfAbsent(id, (1 << 17) | (format.code() << 18) | format.width);
        }
      } else if (op == Op.OpTypeVector && n >= 3) {
        f.save(id, "v" + Integer.toUnsignedString(m.operandWord(i, 2)) + f.bare(m.operandWord(i, 1)));
      } else if (op == Op.OpTypeMatrix && n >= 3) {
        f.save(id, "mat" + Integer.toUnsignedString(m.operandWord(i, 2)) + f.bare(m.operandWord(i, 1)));
      } else if (op == Op.OpTypeArray && n >= 3) {
        f.save(id, "_arr_" + f.bare(m.operandWord(i, 1)) + "_" + f.bare(m.operandWord(i, 2)));
      } else if (op == Op.OpTypeRuntimeArray && n >= 2) {
        f.save(id, "_runtimearr_" + f.bare(m.operandWord(i, 1)));
      } else if (op == Op.OpTypePointer && n >= 3) {
        Enumerant sc = Grammar.kind("StorageClass").byValue(m.operandWord(i, 1));
        f.save(id, "_ptr_" + (sc == null ? Integer.toUnsignedString(m.operandWord(i, 1)) : sc.name())
            + "_" + f.bare(m.operandWord(i, 2)));
      } else if (op == Op.OpTypeStruct) {
        f.save(id, "_struct_" + Integer.toUnsignedString(id));
      } else if (op == Op.OpConstantTrue) {
        f.save(id, "true");
      } else if (op == Op.OpConstantFalse) {
        f.save(id, "false");
      } else if (op == Op.OpConstant && n >= 3) {
        int type = numeric.get(m.resultTypeId(i));
        if (type >= 0) {
          f.save(id, f.bare(m.resultTypeId(i)) + "_" + literal(m, i, type).replace('-', 'n'));
        }
      }
    }
    return f;
  }

  /** Whether {@link #of} takes a name from an instruction of opcode {@code op} (given its operands). */
  private static boolean names(int op) {
    return switch (op) {
      case Op.OpName, Op.OpTypeVoid, Op.OpTypeBool, Op.OpTypeInt, Op.OpTypeFloat, Op.OpTypeVector, Op.OpTypeMatrix,
          Op.OpTypeArray, Op.OpTypeRuntimeArray, Op.OpTypePointer, Op.OpTypeStruct, Op.OpConstantTrue,
          Op.OpConstantFalse, Op.OpConstant -> true;
      default -> false;
    };
  }

  private static String literal(SpirvModule m, int i, int type) {
    long raw = m.operandLiteral(i, 2);
    int width = type & 0xffff;
    if ((type & (1 << 17)) != 0) {
      return NumberFormat.floating(raw, FloatFormat.fromCode((type >>> 18) & 0xf));
    }
    if (width < 64) {
      raw &= (1L << width) - 1;
    }
    if ((type & (1 << 16)) != 0) {
      return Long.toString(width > 0 && width < 64 ? (raw << (64 - width)) >> (64 - width) : raw);
    }
    return Long.toUnsignedString(raw);
  }

  private void save(int id, String suggested) {
    if (id == 0 || slot.contains(id)) {
      return;
    }
    String base = sanitize(suggested);
    String name = base;
    for (int index = 0; !used.add(name); index++) {
      name = base + "_" + index;
    }
    slot.putIfAbsent(id, names.size());
    names.add(name);
  }

  /** Byte-wise, as spirv-dis does: each byte of a multi-byte character becomes one {@code _}. */
  private static String sanitize(String s) {
    if (s.isEmpty()) {
      return "_";
    }
    byte[] bytes = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    StringBuilder sb = new StringBuilder(bytes.length);
    for (byte b : bytes) {
      char c = (char) (b & 0xff);
      sb.append((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ? c : '_');
    }
    return sb.toString();
  }

  private String bare(int id) {
    int s = slot.get(id);
    return s < 0 ? Integer.toUnsignedString(id) : names.get(s);
  }

  @Override
  public String name(int id) {
    return "%" + bare(id);
  }
}
