package dev.vkrules.generator.rules;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import dev.vkrules.generator.requirements.VkXmlPipelineTypes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Compiles the {@code pipeline:} predicates: state of the pipeline a module is a stage of, read
 * from a pipeline description ({@code validate --pipeline}); without one, a check that needs it
 * reports "needs a pipeline description", never a pass.
 *
 * <pre>
 * {pipeline: {flag: VK_PIPELINE_CREATE_2_RAY_TRACING_SKIP_AABBS_BIT_KHR}}            # the pipeline's create flags
 * {pipeline: {stage-flag: VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT}}  # this stage's flags
 * {pipeline: {state: sampleShadingEnable, is: true}}                                   # a VkBool32 of the state
 * {pipeline: {state: requiredSubgroupSize, divides: local-size-x}}                     # an integer of the state
 * {pipeline: {state: viewCount, at-most: 1}}
 * {pipeline: {state: minSampleShading, at-least: 0.5}}
 * {pipeline: {immutable-sampler: Sampled Image, member: unnormalizedCoordinates}}      # the variable's layout binding
 * {pipeline: {immutable-samplers: Target, all-have: unnormalizedCoordinates}}           # the sampler object behind a value
 * {pipeline: {ycbcr-sampler: Sampled Image}}
 * {pipeline: {specialized: Enable, is: true}}      # a constant's value in this pipeline (specialization constants)
 * {pipeline: {given: true}}      # validated as a stage of a pipeline (for native checks that read f.pipeline())
 * </pre>
 *
 * Flag names are checked against vk.xml's VkPipelineCreateFlagBits(2) and
 * VkPipelineShaderStageCreateFlagBits. {@code at-least}/{@code at-most} compare the state with
 * the module's value (a path or a literal): "state at-least X".
 */
final class PipelinePredicates {
  static final ClassName PIPELINE_CHECK = CompileContext.rt("PipelineCheck");
  private static final Map<String, String> BOOLEANS = Map.of(
      "sampleShadingEnable", "f.pipeline().multisample(\"sampleShadingEnable\")",
      "alphaToCoverageEnable", "f.pipeline().multisample(\"alphaToCoverageEnable\")",
      "alphaToOneEnable", "f.pipeline().multisample(\"alphaToOneEnable\")",
      "hasRequiredSubgroupSize", "f.pipeline().hasRequiredSubgroupSize()");
  private static final Map<String, String> INTEGERS = Map.of(
      "requiredSubgroupSize", "f.pipeline().requiredSubgroupSize()",
      "rasterizationSamples", "f.pipeline().rasterizationSamples()",
      "viewMask", "f.pipeline().viewMask()",
      "viewCount", "f.pipeline().viewCount()");
  private static final Map<String, String> FLOATS = Map.of("minSampleShading", "f.pipeline().minSampleShading()");
  private static final Set<String> SAMPLER_MEMBERS = Set.of("unnormalizedCoordinates", "anisotropyEnable", "compareEnable");
  private static final Map<Path, VkXmlPipelineTypes.Types> TYPES = new ConcurrentHashMap<>();

  private final CompileContext cx;
  private final PathCompiler paths;

  PipelinePredicates(CompileContext cx, PathCompiler paths) {
    this.cx = cx;
    this.paths = paths;
  }

  CodeBlock compile(PathCompiler.Env env, YNode node) {
    YNode.Map map = YNode.asMap(node, "pipeline");
    Set<String> kinds = new TreeSet<>(List.of("flag", "stage-flag", "state", "immutable-sampler", "immutable-samplers",
        "ycbcr-sampler", "specialized", "given"));
    String kind = PredicateMaps.oneOf(map, kinds, "pipeline");
    cx.usesPipeline = true;
    return switch (kind) {
      case "flag" -> flag(map, "flag", List.of("VkPipelineCreateFlagBits", "VkPipelineCreateFlagBits2"), "flag");
      case "stage-flag" -> flag(map, "stage-flag", List.of("VkPipelineShaderStageCreateFlagBits"), "stageFlag");
      case "state" -> state(env, map);
      case "given" -> {
        PredicateMaps.only(map, "given");
        if (!PredicateCompiler.scalar(map.get("given")).equals("true")) {
          throw new RuleError(map.get("given").pos(), "given takes true: the module is validated as a stage of a pipeline");
        }
        yield CodeBlock.of("f.pipeline().given()");
      }
      case "immutable-sampler" -> {
        PredicateMaps.only(map, "immutable-sampler", "member");
        String member = PredicateCompiler.scalar(map.get("member"));
        if (!SAMPLER_MEMBERS.contains(member)) {
          throw new RuleError(map.get("member").pos(), "member takes a VkBool32 of VkSamplerCreateInfo: " + new TreeSet<>(SAMPLER_MEMBERS));
        }
        yield CodeBlock.of("f.pipeline().immutableSampler(f, $L, $S)", variable(env, map.get("immutable-sampler")), member);
      }
      case "immutable-samplers" -> {
        PredicateMaps.only(map, "immutable-samplers", "all-have");
        if (map.get("all-have") == null) {
          throw new RuleError(map.pos(), "immutable-samplers takes all-have: a VkBool32 of VkSamplerCreateInfo, one of "
              + new TreeSet<>(SAMPLER_MEMBERS));
        }
        String member = PredicateCompiler.scalar(map.get("all-have"));
        if (!SAMPLER_MEMBERS.contains(member)) {
          throw new RuleError(map.get("all-have").pos(), "all-have takes a VkBool32 of VkSamplerCreateInfo: "
              + new TreeSet<>(SAMPLER_MEMBERS) + Suggest.didYouMean(member, SAMPLER_MEMBERS));
        }
        yield CodeBlock.of("f.pipeline().immutableSamplersHave(f, $L, $S)",
            instruction(env, map.get("immutable-samplers"), "a sampler, sampled image or resource variable"), member);
      }
      case "specialized" -> specialized(env, map);
      default -> {
        PredicateMaps.only(map, "ycbcr-sampler");
        yield CodeBlock.of("f.pipeline().ycbcrSampler(f, $L)", variable(env, map.get("ycbcr-sampler")));
      }
    };
  }

  /** {@code {specialized: PATH, is: true|false|N}}: the constant's value in this pipeline. */
  private CodeBlock specialized(PathCompiler.Env env, YNode.Map map) {
    PredicateMaps.only(map, "specialized", "is");
    YNode is = map.get("is");
    if (is == null) {
      throw new RuleError(map.pos(), "specialized takes is: true, false or an integer (the constant's value in the"
          + " pipeline)");
    }
    String value = PredicateCompiler.scalar(is);
    long expected;
    if (value.equals("true") || value.equals("false")) {
      expected = value.equals("true") ? 1 : 0;
    } else if (value.matches("\\d{1,18}")) {
      expected = Long.parseLong(value);
    } else {
      throw new RuleError(is.pos(), "specialized is compared with true, false or a non-negative integer, got '" + value
          + "'");
    }
    CodeBlock id = instruction(env, map.get("specialized"), "a constant id (an operand)");
    return CodeBlock.of("f.pipeline().specialized(f, $L) == $LL", id, expected);
  }

  /** A path that leads to an instruction (an id operand, a value), for predicates that follow it. */
  private CodeBlock instruction(PathCompiler.Env env, YNode path, String what) {
    String text = PredicateCompiler.scalar(path);
    if (text.equals(".") || text.isEmpty()) {
      return CodeBlock.of("$L", env.var());
    }
    PathCompiler.Val v = paths.compile(env, text, path.pos());
    if (!(v.type() instanceof VType.Insn)) {
      throw new RuleError(path.pos(), "'" + text + "' is " + v.type() + "; this pipeline test takes " + what);
    }
    return v.code();
  }

  private CodeBlock variable(PathCompiler.Env env, YNode path) {
    String text = PredicateCompiler.scalar(path);
    if (text.equals(".") || text.isEmpty()) {
      return CodeBlock.of("$L", env.var());
    }
    return paths.compile(env, text, path.pos()).code();
  }

  private CodeBlock flag(YNode.Map map, String key, List<String> types, String method) {
    PredicateMaps.only(map, key);
    String name = PredicateCompiler.scalar(map.get(key));
    VkXmlPipelineTypes.Types t = types();
    for (String type : types) {
      SortedMap<String, Long> values = t.enums().get(type);
      if (values != null && values.containsKey(name)) {
        return CodeBlock.of("f.pipeline().$L($S)", method, name);
      }
    }
    List<String> all = new java.util.ArrayList<>();
    types.forEach(type -> all.addAll(t.enums().getOrDefault(type, new java.util.TreeMap<>()).keySet()));
    throw new RuleError(map.get(key).pos(), "unknown " + String.join(" or ", types) + " '" + name + "' in vk.xml"
        + Suggest.didYouMean(name, all));
  }

  private CodeBlock state(PathCompiler.Env env, YNode.Map map) {
    String state = PredicateCompiler.scalar(map.get("state"));
    List<String> ops = map.entries().keySet().stream()
        .filter(k -> Set.of("is", "at-least", "at-most", "divides").contains(k)).toList();
    for (String k : map.entries().keySet()) {
      if (!k.equals("state") && !ops.contains(k)) {
        throw new RuleError(map.keyPos(k), "'" + k + "' cannot be used in a pipeline state test; use is, at-least,"
            + " at-most or divides");
      }
    }
    if (ops.size() != 1) {
      throw new RuleError(map.pos(), "a pipeline state test takes one of is, at-least, at-most, divides");
    }
    String op = ops.get(0);
    YNode arg = map.get(op);
    if (BOOLEANS.containsKey(state)) {
      String b = PredicateCompiler.scalar(arg);
      if (!op.equals("is") || !b.equals("true") && !b.equals("false")) {
        throw new RuleError(arg.pos(), state + " is a VkBool32: test it with is: true or is: false");
      }
      return CodeBlock.of("$L$L", b.equals("true") ? "" : "!", BOOLEANS.get(state));
    }
    String read = INTEGERS.containsKey(state) ? INTEGERS.get(state) : FLOATS.get(state);
    if (read == null) {
      List<String> all = new java.util.ArrayList<>(BOOLEANS.keySet());
      all.addAll(INTEGERS.keySet());
      all.addAll(FLOATS.keySet());
      throw new RuleError(map.get("state").pos(), "unknown pipeline state '" + state + "'" + Suggest.didYouMean(state, all));
    }
    CodeBlock module = moduleValue(env, arg);
    // the module's value first: a value computed at run time is unknown before the description is asked
    return switch (op) {
      case "is" -> CodeBlock.of("$T.eq($L, $L)", PIPELINE_VALUES, module, read);
      case "at-least" -> CodeBlock.of("$T.le($L, $L)", PIPELINE_VALUES, module, read);
      case "at-most" -> CodeBlock.of("$T.ge($L, $L)", PIPELINE_VALUES, module, read);
      default -> CodeBlock.of("$T.divides($L, $L)", PIPELINE_VALUES, module, read);
    };
  }

  private static final ClassName PIPELINE_VALUES = CompileContext.rt("PipelineValues");

  private CodeBlock moduleValue(PathCompiler.Env env, YNode arg) {
    String text = PredicateCompiler.scalar(arg);
    CodeBlock literal = PredicateMaps.literal(text);
    if (literal != null) {
      return literal;
    }
    PathCompiler.Val v = paths.compile(env, text, arg.pos());
    if (!(v.type() instanceof VType.Int)) {
      throw new RuleError(arg.pos(), "pipeline state is compared with an integer, got " + v.type());
    }
    return v.code();
  }

  private VkXmlPipelineTypes.Types types() {
    Path vkXml = cx.tables.dir().toAbsolutePath().normalize().getParent().getParent().resolve("spec-sources")
        .resolve("vk.xml");
    return TYPES.computeIfAbsent(vkXml, VkXmlPipelineTypes::read);
  }

}
