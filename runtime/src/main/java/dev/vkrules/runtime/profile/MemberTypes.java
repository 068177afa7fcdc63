package dev.vkrules.runtime.profile;

import dev.vkrules.runtime.profile.JsonValue.JsonArray;
import dev.vkrules.runtime.profile.JsonValue.JsonBoolean;
import dev.vkrules.runtime.profile.JsonValue.JsonNumber;
import dev.vkrules.runtime.profile.JsonValue.JsonObject;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
import dev.vkrules.runtime.requirements.DeviceStructTable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;

/**
 * Checks each value of a capability block against the type vk.xml gives its member
 * ({@link DeviceStructTable#TYPES}): a limit of -1, 2^64, 1.5, 1e999 or a string where a
 * {@code uint32_t} belongs is an error naming the member's path and what it must be, never a
 * value silently used. Integers of every width with their ranges, {@code float} finite,
 * {@code VkBool32} a boolean, arrays with their length, {@code char[]} a string, enums and flags
 * a name (or names, or a number), nested structures checked member by member. A version
 * ({@code apiVersion}, {@code driverVersion}, {@code conformanceVersion}) may also be written as
 * {@code "1.3.204"}, as the Khronos profiles do.
 */
final class MemberTypes {
  private static final BigInteger U32 = BigInteger.ONE.shiftLeft(32).subtract(BigInteger.ONE);
  private static final BigInteger U64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
  private static final Map<String, BigInteger[]> INTEGERS = Map.of(
      "uint8_t", new BigInteger[] {BigInteger.ZERO, BigInteger.valueOf(255)},
      "uint16_t", new BigInteger[] {BigInteger.ZERO, BigInteger.valueOf(65535)},
      "uint32_t", new BigInteger[] {BigInteger.ZERO, U32},
      "int32_t", new BigInteger[] {BigInteger.valueOf(Integer.MIN_VALUE), BigInteger.valueOf(Integer.MAX_VALUE)},
      "uint64_t", new BigInteger[] {BigInteger.ZERO, U64},
      "int64_t", new BigInteger[] {BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE)},
      "size_t", new BigInteger[] {BigInteger.ZERO, U64},
      "VkDeviceSize", new BigInteger[] {BigInteger.ZERO, U64},
      "VkDeviceAddress", new BigInteger[] {BigInteger.ZERO, U64},
      "VkSampleMask", new BigInteger[] {BigInteger.ZERO, U32});
  private static final BigDecimal FLOAT_MAX = new BigDecimal(Float.MAX_VALUE);
  private static final BigDecimal DOUBLE_MAX = new BigDecimal(Double.MAX_VALUE);
  private static final java.util.regex.Pattern VERSION = java.util.regex.Pattern.compile("\\d+\\.\\d+(\\.\\d+)?(\\.\\d+)?");

  private MemberTypes() {}

  /**
   * Checks the {@code features} and {@code properties} of capability block {@code name}; a
   * {@code null} (MoltenVK's reports write {@code "driverID": null}) is an unknown value, one
   * warning with its JSON pointer in {@code warnings}, and the member is left out (rules that read it
   * need device information).
   */
  static void check(String name, JsonObject block, java.util.List<String> warnings) throws ProfileException {
    for (String section : java.util.List.of("features", "properties")) {
      if (block.members().get(section) instanceof JsonObject structs) {
        for (Map.Entry<String, JsonValue> e : structs.members().entrySet()) {
          if (e.getValue() instanceof JsonObject struct) {
            struct("capabilities." + name + "." + section + "." + e.getKey(), e.getKey(), struct, warnings);
          }
        }
      }
    }
  }

  private static void struct(String path, String struct, JsonObject value, java.util.List<String> warnings)
      throws ProfileException {
    for (Map.Entry<String, JsonValue> m : value.members().entrySet()) {
      String type = DeviceStructTable.TYPES.get(struct + "::" + m.getKey());
      if (type != null) {  // unknown structures and members are warnings (UnknownMembers)
        value(path + "." + m.getKey(), m.getKey(), type, m.getValue(), warnings);
      }
    }
  }

  /** The JSON pointer of a dotted path ({@code capabilities.b.properties.S.m[1]}: {@code /capabilities/b/properties/S/m/1}). */
  static String pointer(String path) {
    return "/" + path.replace("[", ".").replace("]", "").replace("~", "~0").replace("/", "~1").replace('.', '/');
  }

  private static void value(String path, String member, String type, JsonValue v, java.util.List<String> warnings)
      throws ProfileException {
    if (v instanceof JsonValue.JsonNull) {
      warnings.add(v.position() + ": " + pointer(path) + ": null, an unknown value; rules that read it need device"
          + " information");
      return;
    }
    if (type.endsWith("*")) {
      return;  // a pointer (pCopySrcLayouts): a list in a description, not a value vkrules reads
    }
    int bracket = type.indexOf('[');
    if (bracket >= 0) {
      String element = type.substring(0, bracket);
      String length = type.substring(bracket + 1, type.length() - 1);
      if (element.equals("char")) {
        if (!(v instanceof JsonString)) {
          throw wrong(path, "a string", v);
        }
        return;
      }
      if (!(v instanceof JsonArray a)) {
        throw wrong(path, "an array of " + (length.isEmpty() ? "" : length + " ") + element, v);
      }
      if (!length.isEmpty() && a.elements().size() != Integer.parseInt(length)) {
        throw ProfileException.at(v, path + ": expected an array of " + length + " " + element + ", got "
            + a.elements().size() + " elements");
      }
      for (int i = 0; i < a.elements().size(); i++) {
        value(path + "[" + i + "]", member, element, a.elements().get(i), warnings);
      }
      return;
    }
    BigInteger[] range = INTEGERS.get(type);
    if (range != null) {
      if (v instanceof JsonString s && member.toLowerCase(java.util.Locale.ROOT).endsWith("version")
          && VERSION.matcher(s.value()).matches()) {
        return;
      }
      String expected = "a " + type + " (an integer from " + range[0] + " to " + range[1] + ")";
      BigInteger i;
      String shown;
      if (v instanceof JsonNumber n) {
        i = n.integer();
        shown = shown(n);
      } else if (v instanceof JsonString s && range[1].bitLength() > 32 && s.value().matches("-?\\d{1,30}")) {
        // 64-bit values as decimal strings, as jsoncpp (and gpuinfo.org's profiles) write them
        i = new BigInteger(s.value());
        shown = "\"" + s.value() + "\"";
      } else {
        throw wrong(path, expected, v);
      }
      if (i == null || i.compareTo(range[0]) < 0 || i.compareTo(range[1]) > 0) {
        throw ProfileException.at(v, path + ": expected " + expected + ", got " + shown);
      }
      return;
    }
    switch (type) {
      case "VkBool32" -> {
        if (!(v instanceof JsonBoolean)) {
          throw wrong(path, "a VkBool32 (true or false)", v);
        }
      }
      case "float", "double" -> {
        BigDecimal max = type.equals("float") ? FLOAT_MAX : DOUBLE_MAX;
        String expected = "a " + type + " (a finite number of magnitude at most " + (type.equals("float")
            ? String.valueOf(Float.MAX_VALUE) : String.valueOf(Double.MAX_VALUE)) + ")";
        if (!(v instanceof JsonNumber n)) {
          throw wrong(path, expected, v);
        }
        if (n.value().abs().compareTo(max) > 0) {
          throw ProfileException.at(v, path + ": expected " + expected + ", got " + shown(n));
        }
        if (n.text().startsWith("-") && n.value().signum() == 0) {
          // -0.0 compares equal to 0.0 but is a different float; no limit is written so by a device
          throw ProfileException.at(v, path + ": expected " + expected + " without a negative zero, got " + shown(n));
        }
      }
      default -> {
        if (DeviceStructTable.MEMBERS.containsKey(type)) {
          if (!(v instanceof JsonObject o)) {
            throw wrong(path, "a " + type + " object", v);
          }
          struct(path, type, o, warnings);
        } else if (type.contains("Flags") || type.contains("FlagBits")) {
          flags(path, type, v);
        } else if (type.startsWith("Vk") && !(v instanceof JsonString || v instanceof JsonNumber || v instanceof JsonObject)) {
          // an enum (a name or its value) or a small structure (VkExtent2D, VkConformanceVersion)
          throw wrong(path, "a " + type + " (a name, a number or an object)", v);
        }
      }
    }
  }

  /** Flags: a name, names joined with |, an array of names, or the mask as a number. */
  private static void flags(String path, String type, JsonValue v) throws ProfileException {
    String expected = "a " + type + " (an array of flag names, a name, or a non-negative integer)";
    if (v instanceof JsonArray a) {
      for (JsonValue e : a.elements()) {
        if (!(e instanceof JsonString s)) {
          throw wrong(path, expected, e);
        }
        bitNames(path, type, s);
      }
    } else if (v instanceof JsonString s) {
      bitNames(path, type, s);
    } else if (v instanceof JsonNumber n) {
      BigInteger i = n.integer();
      if (i == null || i.signum() < 0 || i.compareTo(U64) > 0) {
        throw ProfileException.at(v, path + ": expected " + expected + ", got " + shown(n));
      }
    } else if (!(v instanceof JsonString)) {
      throw wrong(path, expected, v);
    }
  }

  /**
   * Each bit name of {@code s} ({@code A} or {@code A|B}) checked against vk.xml's bits of the
   * flags type, with the near names, where the pinned tables hold that type's bits.
   */
  private static void bitNames(String path, String type, JsonString s) throws ProfileException {
    String bits = type.contains("FlagBits") ? type
        : dev.vkrules.runtime.pipeline.VkPipelineTypes.FLAG_BITS.get(type);
    Map<String, Long> names = bits == null ? null : dev.vkrules.runtime.pipeline.VkPipelineTypes.ENUMS.get(bits);
    if (names == null) {
      return;
    }
    for (String part : s.value().split("\\|")) {
      String name = part.strip();
      if (!names.containsKey(name)) {
        throw ProfileException.at(s, path + ": '" + shorten(name) + "' is no " + bits + " in the pinned vk.xml"
            + dev.vkrules.runtime.NearNames.text(name, names.keySet()));
      }
    }
  }

  private static ProfileException wrong(String path, String expected, JsonValue v) {
    String got = v instanceof JsonString s ? "the string \"" + shorten(s.value()) + "\""
        : v instanceof JsonNumber n ? shown(n) : v instanceof JsonBoolean b ? String.valueOf(b.value()) : v.typeName();
    return ProfileException.at(v, path + ": expected " + expected + ", got " + got);
  }

  private static String shown(JsonNumber n) {
    String s = n.value().toString();
    return s.length() > 40 ? s.substring(0, 37) + "..." : s;
  }

  private static String shorten(String s) {
    String one = s.replaceAll("\\p{Cntrl}", "?");
    return one.length() > 40 ? one.substring(0, 37) + "..." : one;
  }
}
