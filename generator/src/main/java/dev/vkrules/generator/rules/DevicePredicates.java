package dev.vkrules.generator.rules;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Compiles the {@code device:} predicates: facts of the device a module runs on, which the
 * runtime decides per device description (or reports as needing device information).
 *
 * <pre>
 * {device: {feature: fragmentStoresAndAtomics}}
 * {device: {property: maxMeshOutputVertices, at-least: OutputVertices}}   # device value &gt;= module value
 * {device: {property: maxComputeWorkGroupSize, index: 0, at-least: x size}}
 * {device: {property: maxMeshWorkGroupTotalCount, at-least: Group Count X.value, times: [Group Count Y.value, Group Count Z.value]}}
 * {device: {property: maxComputeSharedMemorySize, at-least: storage-size(Workgroup), plus-property: cooperativeMatrixWorkgroupScopeReservedSharedMemory}}
 * {device: {property: maxTransformFeedbackStreams, at-least: Stream Number, plus: 1}}        # device &gt; module value
 * {device: {property: samplerDescriptorAlignment, divides: Byte Offset}}                  # module value a multiple of the limit
 * {device: {property: maxVertexOutputComponents, at-least: output-locations, times: 4}}      # module value * 4, then + plus
 * {device: {property: shaderSignedZeroInfNanPreserveFloat16, is: true}}
 * {device: {property: denormBehaviorIndependence, is: VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NONE}}
 * {device: {property: subgroupSupportedStages, has-all: [VK_SHADER_STAGE_FRAGMENT_BIT]}}
 * {device: {property: minInterpolationOffset, at-most: offset.constituent(0).float-values}}  # a float limit
 * {device: {value: "maxFragmentSize.width * minInterpolationOffset", at-most: offset.constituent(0).float-values}}
 * {device: {extension: VK_EXT_mesh_shader}}
 * {device: {format-feature: {format: Image Type.ImageFormat, feature: STORAGE_IMAGE_ATOMIC, tiling: optimal}}}
 * </pre>
 *
 * Member names are checked against vk.xml; a name held by structures that are not one fact
 * under several names must be written {@code VkStruct::member}.
 */
final class DevicePredicates {
  static final ClassName DEVICE_FACTS = CompileContext.rt("DeviceFacts");
  static final ClassName DEVICE_CHECK = CompileContext.rt("DeviceCheck");
  private static final Set<String> KINDS =
      new TreeSet<>(List.of("feature", "property", "value", "extension", "format-feature", "api-version-at-least"));
  private static final Set<String> TILINGS = Set.of("optimal", "linear", "buffer");
  private static final Set<String> INTEGER_TYPES =
      Set.of("uint32_t", "int32_t", "uint64_t", "int64_t", "uint16_t", "uint8_t", "size_t", "VkDeviceSize");
  /** The integer types without negative values: every such limit is at least 0. */
  private static final Set<String> UNSIGNED_TYPES =
      Set.of("uint32_t", "uint64_t", "uint16_t", "uint8_t", "size_t", "VkDeviceSize");

  private final CompileContext cx;
  private final PathCompiler paths;

  DevicePredicates(CompileContext cx, PathCompiler paths) {
    this.cx = cx;
    this.paths = paths;
  }

  CodeBlock compile(PathCompiler.Env env, YNode node) {
    YNode.Map map = YNode.asMap(node, "device");
    String kind = PredicateMaps.oneOf(map, KINDS, "device");
    cx.usesDevice = true;
    DeviceRegistry registry = cx.deviceRegistry();
    return switch (kind) {
      case "feature" -> feature(registry, map);
      case "extension" -> extension(registry, map);
      case "api-version-at-least" -> apiVersion(map);
      case "property" -> property(registry, env, map);
      case "value" -> value(registry, env, map);
      default -> formatFeature(registry, env, map);
    };
  }

  private CodeBlock feature(DeviceRegistry registry, YNode.Map map) {
    PredicateMaps.only(map, "feature");
    DeviceRegistry.Member m = resolve(registry.features(PredicateCompiler.scalar(map.get("feature"))), "feature",
        map.get("feature"), registry.featureNames(), registry);
    return CodeBlock.of("f.device().feature($S, $S)", m.struct(), m.name());
  }

  /** {@code {api-version-at-least: 1.3}}: the device's VkPhysicalDeviceProperties::apiVersion is 1.3 or later. */
  private static CodeBlock apiVersion(YNode.Map map) {
    PredicateMaps.only(map, "api-version-at-least");
    String text = PredicateCompiler.scalar(map.get("api-version-at-least"));
    java.util.regex.Matcher v = java.util.regex.Pattern.compile("(\\d+)\\.(\\d+)").matcher(text);
    if (!v.matches()) {
      throw new RuleError(map.get("api-version-at-least").pos(), "api-version-at-least takes MAJOR.MINOR, like 1.3, not '"
          + text + "'");
    }
    return CodeBlock.of("f.device().apiVersionAtLeast($L, $L)", v.group(1), v.group(2));
  }

  private CodeBlock extension(DeviceRegistry registry, YNode.Map map) {
    PredicateMaps.only(map, "extension");
    String name = PredicateCompiler.scalar(map.get("extension"));
    if (!registry.hasExtension(name)) {
      throw new RuleError(map.get("extension").pos(), "unknown device extension '" + name + "'"
          + Suggest.didYouMean(name, registry.extensions()));
    }
    return CodeBlock.of("f.device().extension($S)", name);
  }

  private CodeBlock property(DeviceRegistry registry, PathCompiler.Env env, YNode.Map map) {
    DeviceRegistry.Member m = resolve(registry.properties(PredicateCompiler.scalar(map.get("property"))), "property",
        map.get("property"), registry.propertyNames(), registry);
    List<String> ops = new ArrayList<>();
    for (String key : map.entries().keySet()) {
      if (Set.of("at-least", "at-most", "is", "has-all", "has-any", "divides").contains(key)) {
        ops.add(key);
      } else if (!Set.of("property", "index", "field", "times", "plus", "plus-property").contains(key)) {
        throw new RuleError(map.keyPos(key), "'" + key + "' cannot be used in a device property test; use at-least, "
            + "at-most, is, has-all, has-any, divides (and index for arrays, times, plus and plus-property for the compared value)");
      }
    }
    if (ops.size() != 1) {
      throw new RuleError(map.pos(), "a device property test takes one of at-least, at-most, is, has-all, has-any, divides");
    }
    String op = ops.get(0);
    for (String key : List.of("plus")) {  // times: the loop below says which operators it changes
      if (map.get(key) != null && !op.startsWith("at-")) {
        throw new RuleError(map.keyPos(key), "'" + key + "' needs at-least or at-most");
      }
    }
    YNode arg = map.get(op);
    if (m.length() > 0 && map.get("index") == null) {
      throw new RuleError(map.pos(), m.qualified() + " is an array of " + m.length() + "; say which element with index");
    }
    if (m.length() == 0 && map.get("index") != null) {
      throw new RuleError(map.keyPos("index"), m.qualified() + " is not an array");
    }
    for (String k : List.of("times", "plus-property")) {
      if (map.get(k) != null && !op.equals("at-least") && !op.equals("at-most")
          && !(k.equals("times") && op.equals("divides"))) {
        throw new RuleError(map.keyPos(k), "'" + k + "' changes the value at-least or at-most compares, not '" + op + "'");
      }
    }
    if (op.equals("is") && registry.isEnum(m.type())) {
      return enumIs(registry, m, arg);
    }
    if (op.equals("is")) {
      if (!m.type().equals("VkBool32")) {
        throw new RuleError(map.keyPos(op), "'is' tests a VkBool32 or enum property; " + m.qualified() + " is " + m.type());
      }
      String b = PredicateCompiler.scalar(arg);
      if (!b.equals("true") && !b.equals("false")) {
        throw new RuleError(arg.pos(), "'is' takes true or false");
      }
      return CodeBlock.of("$Lf.device().propertyTrue($S, $S)", b.equals("true") ? "" : "!", m.struct(), m.name());
    }
    if (op.startsWith("has-")) {
      if (!m.type().endsWith("Flags")) {
        throw new RuleError(map.keyPos(op), "'" + op + "' tests a flags property; " + m.qualified() + " is " + m.type());
      }
      if (arg instanceof YNode.Scalar) {
        return stages(env, m, op, arg);
      }
      List<CodeBlock> bits = new ArrayList<>();
      for (YNode bit : ValueTests.items(arg)) {
        // a description may write a bit under any of its names (VK_SHADER_STAGE_MESH_BIT_NV for _EXT)
        List<CodeBlock> names = bitNames(m, PredicateCompiler.scalar(bit), bit).stream()
            .map(n -> CodeBlock.of("$S", n)).toList();
        bits.add(CodeBlock.of("() -> f.device().propertyHas($S, $S, $L)", m.struct(), m.name(),
            CodeBlock.join(names, ", ")));
      }
      return CodeBlock.of("$T.$L($L)", CompileContext.LOGIC, op.equals("has-all") ? "all" : "any", CodeBlock.join(bits, ", "));
    }
    if (map.get("field") != null) {
      // a member of a structure-typed property: VkExtent2D width, height (VkExtent3D depth)
      String field = PredicateCompiler.scalar(map.get("field"));
      List<String> fields = m.type().equals("VkExtent2D") ? List.of("width", "height")
          : m.type().equals("VkExtent3D") ? List.of("width", "height", "depth") : List.of();
      if (!fields.contains(field) || op.startsWith("has-") || op.equals("is") || op.equals("divides")) {
        throw new RuleError(map.keyPos("field"), m.qualified() + " (" + m.type() + ") has no integer member '" + field
            + "' to compare with at-least or at-most");
      }
      if (op.equals("at-least")) {
        // an extent's members are uint32_t: see unsignedAtLeast
        return CodeBlock.of("f.device().unsignedAtLeast($L, $S, $S, $S)", moduleValue(env, arg), m.struct(), m.name(), field);
      }
      return moduleFirst(op, moduleValue(env, arg),
          CodeBlock.of("f.device().limit($S, $S, $S)", m.struct(), m.name(), field));
    }
    if (op.equals("divides")) {
      // an alignment: the module's value (computed first, see moduleFirst) is a multiple of the limit;
      // unknown when the device states none or a limit that is not positive
      if (!INTEGER_TYPES.contains(m.type())) {
        throw new RuleError(map.keyPos(op), "'divides' tests an integer limit; " + m.qualified() + " is " + m.type());
      }
      CodeBlock device = map.get("index") == null
          ? CodeBlock.of("f.device().limit($S, $S)", m.struct(), m.name())
          : CodeBlock.of("f.device().limit($S, $S, $L)", m.struct(), m.name(), index(map.get("index"), m));
      String text = PredicateCompiler.scalar(arg);
      if (!text.matches("\\d+") && !(paths.compile(env, text, arg.pos()).type() instanceof VType.Int)) {
        throw new RuleError(arg.pos(), "'divides' takes an integer of the module (a literal or a path to an integer)");
      }
      return CodeBlock.of("$T.multipleOf($L, $L)", CompileContext.LOGIC,
          compared(registry, env, map, moduleValue(env, arg)), device);
    }
    if (m.type().equals("float")) {
      // a float limit: compared as a number, the module's value first (see value)
      if (map.get("plus-property") != null) {
        throw new RuleError(map.keyPos("plus-property"), "plus-property adds to an integer limit; " + m.qualified()
            + " is float: write the arithmetic as a device value");
      }
      Integer index = map.get("index") == null ? null : index(map.get("index"), m);
      CodeBlock device = DeviceExpression.property(m, null, index, map.get("property").pos());
      return ordered(op, plus(env, map, compared(registry, env, map, moduleValue(env, arg))), device);
    }
    if (!INTEGER_TYPES.contains(m.type())) {
      throw new RuleError(map.keyPos(op), "'" + op + "' compares numbers; " + m.qualified() + " is " + m.type());
    }
    CodeBlock module = plus(env, map, compared(registry, env, map, moduleValue(env, arg)));
    if (op.equals("at-least") && UNSIGNED_TYPES.contains(m.type())) {
      // "an unsigned limit at least the module's value" holds for a value of 0 or less whatever
      // the device: decided without it (a vertex shader without inputs needs no
      // maxVertexInputAttributes, and a "needs" finding names the limit that matters)
      return map.get("index") == null
          ? CodeBlock.of("f.device().unsignedAtLeast($L, $S, $S)", module, m.struct(), m.name())
          : CodeBlock.of("f.device().unsignedAtLeast($L, $S, $S, $L)", module, m.struct(), m.name(),
              index(map.get("index"), m));
    }
    CodeBlock device = map.get("index") == null
        ? CodeBlock.of("f.device().limit($S, $S)", m.struct(), m.name())
        : CodeBlock.of("f.device().limit($S, $S, $L)", m.struct(), m.name(), index(map.get("index"), m));
    return moduleFirst(op, module, device);
  }

  /**
   * An integer comparison with the module's value on the left, so Java computes it first: a
   * value no device decides (a run-time Box Size) is unknown before a device fact is asked for,
   * and needs no device information; "device at least x" reads {@code x <= device}.
   */
  private static CodeBlock moduleFirst(String op, CodeBlock module, CodeBlock device) {
    return CodeBlock.of("($L) $L $L", module, op.equals("at-least") ? "<=" : ">=", device);
  }

  /**
   * {@code {device: {value: EXPRESSION, at-least|at-most: MODULE}}}: a number the device gives by
   * arithmetic over its properties ({@link DeviceExpression}) compared with the module's value,
   * an integer or a float constant's one value. "value at least x" holds when the device's
   * number is at least the module's.
   */
  private CodeBlock value(DeviceRegistry registry, PathCompiler.Env env, YNode.Map map) {
    List<String> ops = new ArrayList<>();
    for (String key : map.entries().keySet()) {
      if (key.equals("at-least") || key.equals("at-most")) {
        ops.add(key);
      } else if (!key.equals("value")) {
        throw new RuleError(map.keyPos(key), "'" + key + "' cannot be used in a device value test; it takes at-least "
            + "or at-most (write any arithmetic in the value)");
      }
    }
    if (ops.size() != 1) {
      throw new RuleError(map.pos(), "a device value test takes one of at-least, at-most");
    }
    CodeBlock device = DeviceExpression.compile(registry, map.get("value"));
    return ordered(ops.get(0), moduleValue(env, map.get(ops.get(0))), device);
  }

  /**
   * A comparison of numbers, the module's value computed first: a value no device can decide
   * (computed at run time) is unknown before any device fact is asked for, so it needs no device
   * information. A NaN device value (0 / 0) makes the comparison unknown.
   */
  private static CodeBlock ordered(String op, CodeBlock module, CodeBlock device) {
    return CodeBlock.of("($L) $L $T.number($L)", module, op.equals("at-least") ? "<=" : ">=", DEVICE_FACTS, device);
  }

  /**
   * The module's value as the test compares it: multiplied by each {@code times} factor (an
   * integer or a path: the product of OpEmitMeshTasksEXT's group counts), then increased by the
   * device's {@code plus-property} (a limit the module's value shares, such as the shared memory
   * cooperative matrices of Workgroup scope reserve).
   */
  private CodeBlock compared(DeviceRegistry registry, PathCompiler.Env env, YNode.Map map, CodeBlock module) {
    if (map.get("times") != null) {
      CodeBlock.Builder product = CodeBlock.builder().add("($L", module);
      for (YNode factor : ValueTests.items(map.get("times"))) {
        product.add(" * $L", moduleValue(env, factor));
      }
      module = product.add(")").build();
    }
    if (map.get("plus-property") != null) {
      DeviceRegistry.Member other = resolve(registry.properties(PredicateCompiler.scalar(map.get("plus-property"))),
          "property", map.get("plus-property"), registry.propertyNames(), registry);
      if (!INTEGER_TYPES.contains(other.type()) || other.length() > 0) {
        throw new RuleError(map.get("plus-property").pos(), "plus-property adds an integer property; "
            + other.qualified() + " is " + other.type() + (other.length() > 0 ? "[" + other.length() + "]" : ""));
      }
      module = CodeBlock.of("($L + f.device().limit($S, $S))", module, other.struct(), other.name());
    }
    return module;
  }

  /** {@code is: ENUMERANT} on an enum property: the device states this value, under its name or an alias. */
  private static CodeBlock enumIs(DeviceRegistry registry, DeviceRegistry.Member m, YNode arg) {
    String name = PredicateCompiler.scalar(arg);
    List<String> names = registry.sameValue(m.type(), name);
    if (names == null) {
      throw new RuleError(arg.pos(), "unknown " + m.type() + " '" + name + "'"
          + Suggest.didYouMean(name, registry.enumerantNames(m.type())));
    }
    List<CodeBlock> literals = names.stream().map(n -> CodeBlock.of("$S", n)).toList();
    return CodeBlock.of("f.device().propertyIs($S, $S, $L)", m.struct(), m.name(), CodeBlock.join(literals, ", "));
  }

  /**
   * {@code has-all: execution-models}: a VkShaderStageFlags property has the stage bit of every
   * (has-any: some) execution model of the path, by the bits {@link ShaderStages} derives.
   */
  /**
   * The names of a flag bit of a flags property ({@code VkSubgroupFeatureFlags} has the bits of
   * {@code VkSubgroupFeatureFlagBits}): the bit's name in vk.xml and every alias of it; a bit
   * vk.xml does not have is an error.
   */
  private List<String> bitNames(DeviceRegistry.Member m, String bit, YNode node) {
    String bits = m.type().replace("Flags", "FlagBits");
    List<String> names = cx.deviceRegistry().sameValue(bits, bit);
    if (names == null) {
      throw new RuleError(node.pos(), "vk.xml has no " + bits + " '" + bit + "'"
          + Suggest.didYouMean(bit, cx.deviceRegistry().enumerantNames(bits)));
    }
    return names;
  }

  private CodeBlock stages(PathCompiler.Env env, DeviceRegistry.Member m, String op, YNode arg) {
    if (!m.type().equals("VkShaderStageFlags")) {
      throw new RuleError(arg.pos(), "a path argument of '" + op + "' names execution models, whose stages only a "
          + "VkShaderStageFlags property holds; " + m.qualified() + " is " + m.type());
    }
    PathCompiler.Val models = paths.compile(env, PredicateCompiler.scalar(arg), arg.pos());
    if (!(models.type() instanceof VType.EnumSet set) || !set.kind().equals("ExecutionModel")) {
      throw new RuleError(arg.pos(), "'" + op + "' takes stage bits or a path to a set of ExecutionModel, got "
          + models.type());
    }
    String[] tables = ShaderStages.tables(cx);
    return CodeBlock.of("$T.has(f.device(), $S, $S, $L, $L, $L, $L)", CompileContext.rt("ShaderStageFacts"),
        m.struct(), m.name(), models.code(), tables[0], tables[1], op.equals("has-all"));
  }

  private static int index(YNode node, DeviceRegistry.Member m) {
    long i = ValueTests.integer(node);
    if (i < 0 || i >= m.length()) {
      throw new RuleError(node.pos(), "index " + i + " is outside " + m.qualified() + "[" + m.length() + "]");
    }
    return (int) i;
  }

  /**
   * The compared module value with {@code plus} applied after {@link #compared}'s {@code times}
   * and {@code plus-property}: "less than the limit" is {@code at-least: x, plus: 1}, and a limit
   * counted in components against Locations is {@code at-least: locations, times: 4}.
   */
  private CodeBlock plus(PathCompiler.Env env, YNode.Map map, CodeBlock module) {
    return map.get("plus") == null ? module : CodeBlock.of("($L) + ($L)", module, moduleValue(env, map.get("plus")));
  }

  /** An integer literal, or a path to an integer of the module (a constant; unknown when not one). */
  private CodeBlock moduleValue(PathCompiler.Env env, YNode arg) {
    String text = PredicateCompiler.scalar(arg);
    CodeBlock literal = PredicateMaps.literal(text);
    if (literal != null) {
      return literal;
    }
    PathCompiler.Val v = paths.compile(env, text, arg.pos());
    if (v.type() instanceof VType.Floats) {
      // a float constant (one component; unknown when not one or NaN) compared with an integer property
      return CodeBlock.of("$T.comparable($L)", CompileContext.rt("ConstantValues"), v.code());
    }
    if (!(v.type() instanceof VType.Int)) {
      throw new RuleError(arg.pos(), "a device property is compared with an integer or a float constant's "
          + "float-values, got " + v.type());
    }
    return v.code();
  }

  private CodeBlock formatFeature(DeviceRegistry registry, PathCompiler.Env env, YNode.Map map) {
    PredicateMaps.only(map, "format-feature");
    YNode.Map spec = YNode.asMap(map.get("format-feature"), "format-feature");
    for (String key : spec.entries().keySet()) {
      if (!Set.of("format", "feature", "tiling").contains(key)) {
        throw new RuleError(spec.keyPos(key), "unknown format-feature key '" + key + "', expected format, feature, tiling");
      }
    }
    if (spec.get("format") == null || spec.get("feature") == null) {
      throw new RuleError(spec.pos(), "format-feature needs format (a path to an ImageFormat) and feature");
    }
    PathCompiler.Val format = paths.compile(env, PredicateCompiler.scalar(spec.get("format")), spec.get("format").pos());
    if (!(format.type() instanceof VType.Enum e) || !e.kind().equals("ImageFormat")) {
      throw new RuleError(spec.get("format").pos(), "format-feature's format is a path to an ImageFormat, got " + format.type());
    }
    String tiling = spec.get("tiling") == null ? "optimal" : PredicateCompiler.scalar(spec.get("tiling"));
    if (!TILINGS.contains(tiling)) {
      throw new RuleError(spec.get("tiling").pos(), "tiling is optimal, linear or buffer, not '" + tiling + "'");
    }
    String feature = PredicateCompiler.scalar(spec.get("feature"));
    String bit = "VK_FORMAT_FEATURE_" + feature + "_BIT";
    if (!registry.formatFeatureBits().contains(bit)) {
      bit = "VK_FORMAT_FEATURE_2_" + feature + "_BIT";
      if (!registry.formatFeatureBits().contains(bit)) {
        List<String> known = registry.formatFeatureBits().stream()
            .map(n -> n.replaceFirst("^VK_FORMAT_FEATURE_(2_)?", "").replaceFirst("_BIT$", "")).toList();
        throw new RuleError(spec.get("feature").pos(), "unknown format feature '" + feature + "'"
            + Suggest.didYouMean(feature, known));
      }
    }
    String table = cx.field(ArrayTypeName.of(TypeName.get(String.class)), vkFormats());
    return CodeBlock.of("f.device().formatFeature($T.format($L, $L), $S, $S)", DEVICE_FACTS, table, format.code(),
        tiling, bit);
  }

  /** {@code new String[] {...}}: the VkFormat of each SPIR-V ImageFormat value, from the extracted image-formats table. */
  private CodeBlock vkFormats() {
    Map<String, String> byName = imageFormats(cx.tables.dir().resolve("image-formats.yaml"));
    TreeMap<Long, String> byValue = new TreeMap<>();
    cx.grammar.kinds().get("ImageFormat").enumerants().values().forEach(e -> {
      String vk = byName.get(e.name());
      if (vk != null) {
        byValue.put(e.value(), vk);
      }
    });
    List<CodeBlock> cells = new ArrayList<>();
    long max = byValue.isEmpty() ? -1 : byValue.lastKey();
    for (long v = 0; v <= max; v++) {
      cells.add(byValue.containsKey(v) ? CodeBlock.of("$S", byValue.get(v)) : CodeBlock.of("null"));
    }
    return CodeBlock.of("new String[] {$L}", CodeBlock.join(cells, ", "));
  }

  /** SPIR-V image format name to its (first) compatible VkFormat. */
  static Map<String, String> imageFormats(Path file) {
    try {
      YNode root = YamlReader.read(file.toString(), Files.readString(file));
      YNode list = YNode.asMap(root, "image-formats table").get("image-formats");
      Map<String, String> out = new TreeMap<>();
      for (YNode row : ((YNode.Seq) list).items()) {
        YNode.Map r = YNode.asMap(row, "image format");
        List<YNode> vk = ValueTests.items(r.get("vk-formats"));
        if (!vk.isEmpty()) {
          out.put(PredicateCompiler.scalar(r.get("name")), PredicateCompiler.scalar(vk.get(0)));
        }
      }
      return out;
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + file + ": " + e.getMessage());
    }
  }

  static DeviceRegistry.Member resolve(List<DeviceRegistry.Member> found, String what, YNode name,
      Set<String> known, DeviceRegistry registry) {
    String text = PredicateCompiler.scalar(name);
    if (found.isEmpty()) {
      throw new RuleError(name.pos(), "unknown device " + what + " '" + text + "'" + Suggest.didYouMean(text, known));
    }
    for (DeviceRegistry.Member m : found) {
      if (!registry.equivalent(found.get(0), m)) {
        throw new RuleError(name.pos(), "device " + what + " '" + text + "' is ambiguous ("
            + String.join(", ", found.stream().map(DeviceRegistry.Member::qualified).toList())
            + "); write Struct::member");
      }
    }
    // the structure that introduced the member, not the Vulkan 1.x structure it was promoted into:
    // the runtime finds it under either name
    return found.stream().filter(m -> !m.struct().matches("VkPhysicalDeviceVulkan\\d+(Features|Properties)"))
        .findFirst().orElse(found.get(0));
  }
}
