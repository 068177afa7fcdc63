package dev.vkrules.runtime.pipeline;

import dev.vkrules.runtime.NearNames;
import dev.vkrules.runtime.profile.JsonValue.JsonArray;
import dev.vkrules.runtime.profile.JsonValue.JsonBoolean;
import dev.vkrules.runtime.profile.JsonValue.JsonNumber;
import dev.vkrules.runtime.profile.JsonValue.JsonObject;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
import dev.vkrules.runtime.profile.JsonValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One JSON object read as a vk.xml structure: its members are checked against the structure's
 * members in the pinned vk.xml ({@link VkPipelineTypes#MEMBERS}), and its values are read by the
 * members' vk.xml types (an enum by its enumerant name, a flags member as a list of bit names).
 * Every error names the file, line and column and the JSON pointer of the value.
 */
final class JsonStruct {
  /** Members every structure may have besides vk.xml's: the chain and its type tag. */
  private static final Set<String> CHAIN = Set.of("sType", "pNext");

  final String struct;
  final JsonObject object;
  final Source source;
  /** Whether enums and flags may be numbers (a Fossilize capture writes them so). */
  final boolean numeric;

  JsonStruct(String struct, JsonObject object, Source source, boolean numeric) {
    this.struct = struct;
    this.object = object;
    this.source = source;
    this.numeric = numeric;
  }

  /** Reads {@code value} as the structure {@code struct}; it must be an object. */
  static JsonStruct of(String struct, JsonValue value, Source source, boolean numeric) throws PipelineException {
    if (!(value instanceof JsonObject o)) {
      throw error(source, "expected an object (" + struct + "), got " + value.typeName());
    }
    return new JsonStruct(struct, o, source, numeric);
  }

  static PipelineException error(Source at, String message) {
    return new PipelineException(at.position() + ": " + (at.pointer().isEmpty() ? "" : dev.vkrules.runtime.Shown.pointer(at.pointer()) + ": ") + message);
  }

  PipelineException error(String message) {
    return error(source, message);
  }

  /** Fails on a member vk.xml does not give the structure (with the near names), unless it is one of {@code extra}. */
  JsonStruct checkMembers(Set<String> extra) throws PipelineException {
    Map<String, String> known = Registry.members(struct);
    for (Map.Entry<String, JsonString> k : object.keys().entrySet()) {
      String name = k.getKey();
      if (!CHAIN.contains(name) && !extra.contains(name) && (known == null || !known.containsKey(name))) {
        List<String> candidates = new ArrayList<>(known == null ? List.of() : known.keySet());  // near() sorts them
        candidates.addAll(extra);
        JsonString key = k.getValue();
        throw error(source.member(name, key.line(), key.column()), "'" + struct + "' has no member '" + dev.vkrules.runtime.Shown.cut(name)
            + "' in the pinned vk.xml" + NearNames.text(name, candidates));
      }
    }
    return this;
  }

  boolean has(String member) {
    return object.members().containsKey(member);
  }

  Source at(String member) {
    JsonValue v = object.members().get(member);
    return v == null ? source : source.member(member, v.line(), v.column());
  }

  Optional<JsonValue> get(String member) {
    return Optional.ofNullable(object.members().get(member));
  }

  /** A nested structure, if present. */
  Optional<JsonStruct> struct(String member, String type) throws PipelineException {
    JsonValue v = object.members().get(member);
    return v == null ? Optional.empty() : Optional.of(of(type, v, at(member), numeric));
  }

  /** The elements of an array member (empty when absent), each with its source. */
  List<Element> array(String member) throws PipelineException {
    JsonValue v = object.members().get(member);
    if (v == null) {
      return List.of();
    }
    if (!(v instanceof JsonArray a)) {
      throw error(at(member), "expected an array, got " + v.typeName());
    }
    List<Element> out = new ArrayList<>();
    Source at = at(member);
    for (int i = 0; i < a.elements().size(); i++) {
      JsonValue e = a.elements().get(i);
      out.add(new Element(e, at.element(i, e.line(), e.column())));
    }
    checkCount(member, out.size());
    return out;
  }

  /** An array element and where it is. */
  record Element(JsonValue value, Source source) {}

  /** The count member of each array member name seen ({@code pStages}: {@code stageCount}), made once. */
  private static final Map<String, String> COUNTS = new java.util.concurrent.ConcurrentHashMap<>();

  /** A count member ({@code stageCount} for {@code pStages}), when given, must equal the array's length. */
  private void checkCount(String array, int length) throws PipelineException {
    String count = COUNTS.get(array);
    if (count == null) {
      count = countMember(array);
      COUNTS.put(array, count);
    }
    JsonValue c = object.members().get(count);
    if (c instanceof JsonNumber n && n.value().compareTo(BigDecimal.valueOf(length)) != 0) {
      throw error(at(count), count + " is " + dev.vkrules.runtime.Shown.cut(n.text()) + " but " + array + " has " + length
          + " elements");
    }
  }

  private static String countMember(String array) {
    String stem = array.startsWith("p") && array.length() > 1 && Character.isUpperCase(array.charAt(1))
        ? array.substring(1) : array;
    String singular = stem.endsWith("ies") ? stem.substring(0, stem.length() - 3) + "y"
        : stem.endsWith("es") && stem.endsWith("sses") ? stem.substring(0, stem.length() - 2)
        : stem.endsWith("s") ? stem.substring(0, stem.length() - 1) : stem;
    // a StringBuilder, not +: in a fresh JVM this concatenation's bootstrap cost more than reading the description
    return new StringBuilder(singular.length() + 5).append(Character.toLowerCase(singular.charAt(0)))
        .append(singular, 1, singular.length()).append("Count").toString();
  }

  String string(String member, String otherwise) throws PipelineException {
    JsonValue v = object.members().get(member);
    if (v == null) {
      return otherwise;
    }
    if (!(v instanceof JsonString s)) {
      throw error(at(member), "expected a string, got " + v.typeName());
    }
    return s.value();
  }

  String requiredString(String member) throws PipelineException {
    String s = string(member, null);
    if (s == null) {
      throw error("missing member '" + member + "' of " + struct);
    }
    return s;
  }

  long integer(String member, long otherwise) throws PipelineException {
    JsonValue v = object.members().get(member);
    return v == null ? otherwise : integer(v, at(member));
  }

  static long integer(JsonValue v, Source at) throws PipelineException {
    if (!(v instanceof JsonNumber n)) {
      throw error(at, "expected an integer, got " + v.typeName());
    }
    try {
      return n.value().longValueExact();
    } catch (ArithmeticException e) {
      throw error(at, "expected an integer of at most 64 bits, got " + dev.vkrules.runtime.Shown.cut(n.text()));
    }
  }

  /** A uint32_t element or value ({@code pViewMasks[0]}). */
  static int uint32(JsonValue v, Source at) throws PipelineException {
    long n = integer(v, at);
    if (n < 0 || n > 0xffff_ffffL) {
      throw error(at, "expected a uint32_t (0 to 4294967295), got " + n);
    }
    return (int) n;
  }

  int uint32(String member, int otherwise) throws PipelineException {
    long v = integer(member, Integer.toUnsignedLong(otherwise));
    if (v < 0 || v > 0xffff_ffffL) {
      throw error(at(member), member + " must be a uint32_t (0 to 4294967295), got " + v);
    }
    return (int) v;
  }

  double number(String member, double otherwise) throws PipelineException {
    JsonValue v = object.members().get(member);
    if (v == null) {
      return otherwise;
    }
    if (!(v instanceof JsonNumber n)) {
      throw error(at(member), "expected a number, got " + v.typeName());
    }
    return n.value().doubleValue();
  }

  /** A VkBool32: true/false (or 0/1 where numbers are allowed). */
  boolean bool(String member, boolean otherwise) throws PipelineException {
    JsonValue v = object.members().get(member);
    if (v == null) {
      return otherwise;
    }
    if (v instanceof JsonBoolean b) {
      return b.value();
    }
    if (v instanceof JsonNumber n && (n.value().compareTo(BigDecimal.ZERO) == 0 || n.value().compareTo(BigDecimal.ONE) == 0)) {
      return n.value().compareTo(BigDecimal.ONE) == 0;
    }
    throw error(at(member), "expected true or false, got " + v.typeName());
  }

  /** An enum member by the type vk.xml gives it; {@code otherwise} when absent. */
  String enumerant(String member, String otherwise) throws PipelineException {
    JsonValue v = object.members().get(member);
    return v == null ? otherwise : enumerant(memberType(member), v, at(member));
  }

  /** An enumerant of {@code type}, by name (or by value where numbers are allowed), as its canonical name. */
  String enumerant(String type, JsonValue v, Source at) throws PipelineException {
    if (v instanceof JsonString s) {
      if (Registry.value(type, s.value()).isEmpty()) {
        throw error(at, "unknown " + type + " '" + dev.vkrules.runtime.Shown.cut(s.value()) + "' in the pinned vk.xml"
            + NearNames.text(s.value(), VkPipelineTypes.ENUMS.getOrDefault(type, Map.of()).keySet()));
      }
      return Registry.canonical(type, s.value());
    }
    if (numeric && v instanceof JsonNumber) {
      long value = integer(v, at);
      return Registry.name(type, value).orElseThrow(() -> error(at, "no " + type + " has the value " + value
          + " in the pinned vk.xml"));
    }
    throw error(at, "expected a " + type + " name, got " + v.typeName());
  }

  /** A flags member by the bits type vk.xml gives it: a list of bit names (or a number where allowed). */
  Flags flags(String member) throws PipelineException {
    String flagsType = memberType(member);
    String bitsType = VkPipelineTypes.FLAG_BITS.get(flagsType);
    JsonValue v = object.members().get(member);
    if (bitsType == null) {
      // a flags type vk.xml defines no bits for (reserved): only "no flags" is valid
      boolean empty = v == null || v instanceof JsonArray a && a.elements().isEmpty()
          || numeric && v instanceof JsonNumber n && n.value().signum() == 0;
      if (!empty) {
        throw error(at(member), flagsType + " has no bits in the pinned vk.xml; write [] or leave it out");
      }
      return Flags.none(flagsType);
    }
    return v == null ? Flags.none(bitsType) : flags(bitsType, v, at(member));
  }

  Flags flags(String bitsType, JsonValue v, Source at) throws PipelineException {
    if (numeric && v instanceof JsonNumber) {
      long bits = integer(v, at);
      List<String> names = new ArrayList<>();
      for (int b = 0; b < 64; b++) {
        if ((bits & (1L << b)) != 0) {
          long bit = 1L << b;
          names.add(Registry.name(bitsType, bit).orElseThrow(() -> error(at, "bit 0x" + Long.toHexString(bit)
              + " is no " + bitsType + " in the pinned vk.xml")));
        }
      }
      return new Flags(bitsType, bits, names);
    }
    if (!(v instanceof JsonArray a)) {
      throw error(at, "expected a list of " + bitsType + " names, got " + v.typeName());
    }
    long bits = 0;
    List<String> names = new ArrayList<>();
    for (int i = 0; i < a.elements().size(); i++) {
      JsonValue e = a.elements().get(i);
      String name = enumerant(bitsType, e, at.element(i, e.line(), e.column()));
      bits |= Registry.value(bitsType, name).orElseThrow();
      names.add(name);
    }
    return new Flags(bitsType, bits, names);
  }

  /** The vk.xml type of a member of this structure. */
  String memberType(String member) {
    Map<String, String> known = Registry.members(struct);
    String t = known == null ? null : known.get(member);
    if (t == null) {
      throw new IllegalStateException(struct + " has no member " + member + " in vk.xml");
    }
    return t;
  }
}
