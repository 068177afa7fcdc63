package dev.vkrules.runtime.pipeline;

import dev.vkrules.runtime.NearNames;
import dev.vkrules.runtime.pipeline.JsonStruct.Element;
import dev.vkrules.runtime.profile.JsonValue.JsonArray;
import dev.vkrules.runtime.profile.JsonValue.JsonBoolean;
import dev.vkrules.runtime.profile.JsonValue.JsonNumber;
import dev.vkrules.runtime.profile.JsonValue.JsonObject;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
import dev.vkrules.runtime.profile.JsonValue;
import dev.vkrules.runtime.profile.LenientJsonReader;
import dev.vkrules.runtime.profile.ProfileException;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a pipeline description: vkrules' own form (create-info structures under their vk.xml
 * names, {@code docs/schemas/pipeline.schema.json}) or a Fossilize capture, one JSON document or
 * an archive ({@link FossilizeReader} turns it into the same structures). Every member and enumerant name is
 * checked against the pinned vk.xml; an error is one line, {@code FILE:LINE:COLUMN: /pointer: what}.
 */
public final class PipelineReader {
  /** The create-info structures a description's pipelines are written as. */
  static final Map<String, Pipeline.Kind> CREATE_INFOS = Map.of(
      "VkGraphicsPipelineCreateInfo", Pipeline.Kind.GRAPHICS,
      "VkComputePipelineCreateInfo", Pipeline.Kind.COMPUTE,
      "VkRayTracingPipelineCreateInfoKHR", Pipeline.Kind.RAY_TRACING);

  /** Finds a stage's module from its {@code module} member. */
  public interface Modules {
    ShaderModule resolve(JsonValue module, Source at) throws PipelineException;
  }

  private final boolean numeric;
  private final Modules modules;

  PipelineReader(boolean numeric, Modules modules) {
    this.numeric = numeric;
    this.modules = modules;
  }

  /**
   * Reads the description in {@code file}, in any form: a JSON document (vkrules' own or a
   * Fossilize capture), or a Fossilize archive (named {@code *.foz} or starting with its magic).
   */
  public static PipelineDescription read(Path file) throws PipelineException {
    if (FozArchive.looksLike(file)) {
      return FozCapture.read(file);
    }
    String name = file.toString();
    byte[] bytes;
    try {
      bytes = dev.vkrules.runtime.InputFiles.read(file, dev.vkrules.runtime.InputFiles.MAX_DESCRIPTION,
          "a pipeline description");
    } catch (NoSuchFileException e) {
      throw new PipelineException(name + ": no such file");
    } catch (dev.vkrules.runtime.InputFiles.TooLarge e) {
      throw new PipelineException(name + ": " + e.getMessage());
    } catch (IOException e) {
      throw new PipelineException(name + ": cannot read: " + e.getMessage());
    }
    return read(file, bytes);
  }

  /**
   * Reads a description in vkrules' own form from {@code bytes} (a rule example's pipeline),
   * finding stage modules with {@code modules}; {@code name} names it in errors and findings.
   */
  public static PipelineDescription parse(byte[] bytes, String name, Modules modules) throws PipelineException {
    return read(Path.of(name), bytes, modules);
  }

  /** Reads the description {@code bytes} read from {@code file}, in either form (modules beside {@code file}). */
  static PipelineDescription read(Path file, byte[] bytes) throws PipelineException {
    return read(file, bytes, null);
  }

  private static PipelineDescription read(Path file, byte[] bytes, Modules given) throws PipelineException {
    String name = file.toString();
    JsonValue root;
    try {
      root = LenientJsonReader.read(bytes);
    } catch (ProfileException e) {
      throw new PipelineException(name + ":" + e.getMessage().replaceFirst("^(.*) at (\\d+:\\d+)$", "$2: $1"));
    }
    Source top = new Source(name, "", root.line(), root.column());
    if (!(root instanceof JsonObject o)) {
      throw JsonStruct.error(top, "expected an object holding a pipeline create-info, got " + root.typeName());
    }
    if (given == null && FossilizeReader.isCapture(o)) {
      return FossilizeReader.read(file, o);
    }
    Path folder = file.toAbsolutePath().getParent();
    Path shownFolder = Path.of(name).getParent();
    PipelineReader reader = new PipelineReader(false, given != null ? given
        : (v, at) -> ownModule(folder, shownFolder, v, at));
    return new PipelineDescription(name, PipelineDescription.Format.VKRULES, reader.pipelines(o, top));
  }

  private static ShaderModule ownModule(Path folder, Path given, JsonValue v, Source at)
      throws PipelineException {
    if (!(v instanceof JsonString s) || s.value().isEmpty()) {
      throw JsonStruct.error(at, "expected the path of a SPIR-V file, got " + v.typeName());
    }
    Path p = folder.resolve(s.value());
    if (!Files.isRegularFile(p)) {
      throw JsonStruct.error(at, "no such module file: " + dev.vkrules.runtime.Shown.cut(s.value()) + " (paths are relative to the description)");
    }
    // named as the user would reach it: the description's folder as given (given), then the module's path
    Path shown = (given == null ? Path.of(s.value()) : given.resolve(s.value())).normalize();
    return new ShaderModule(shown.toString(), p, null);
  }

  /** The pipelines of vkrules' own form: one create-info member, or a {@code "pipelines"} list of them. */
  private List<Pipeline> pipelines(JsonObject o, Source top) throws PipelineException {
    List<Pipeline> out = new ArrayList<>();
    for (Map.Entry<String, JsonString> k : o.keys().entrySet()) {
      String key = k.getKey();
      if (!key.equals("$schema") && !key.equals("pipelines") && !CREATE_INFOS.containsKey(key)) {
        throw JsonStruct.error(top.member(key, k.getValue().line(), k.getValue().column()), "unknown member '" + dev.vkrules.runtime.Shown.cut(key)
            + "': a description holds VkGraphicsPipelineCreateInfo, VkComputePipelineCreateInfo,"
            + " VkRayTracingPipelineCreateInfoKHR or pipelines" + NearNames.text(key, CREATE_INFOS.keySet()));
      }
    }
    out.addAll(createInfos(o, top, top.file()));
    if (o.members().get("pipelines") instanceof JsonArray list) {
      for (int i = 0; i < list.elements().size(); i++) {
        JsonValue e = list.elements().get(i);
        Source at = top.member("pipelines", list.line(), list.column()).element(i, e.line(), e.column());
        if (!(e instanceof JsonObject p)) {
          throw JsonStruct.error(at, "expected an object holding a pipeline create-info, got " + e.typeName());
        }
        String name = p.members().get("name") instanceof JsonString s ? s.value() : String.valueOf(i);
        for (String key : p.keys().keySet()) {
          if (!key.equals("name") && !CREATE_INFOS.containsKey(key)) {
            JsonString kk = p.keys().get(key);
            throw JsonStruct.error(at.member(key, kk.line(), kk.column()), "unknown member '" + dev.vkrules.runtime.Shown.cut(key)
                + "' of a pipelines element" + NearNames.text(key, CREATE_INFOS.keySet()));
          }
        }
        List<Pipeline> one = createInfos(p, at, top.file() + "#" + name);
        if (one.size() != 1) {
          throw JsonStruct.error(at, "a pipelines element holds exactly one create-info, got " + one.size());
        }
        out.addAll(one);
      }
    } else if (o.members().containsKey("pipelines")) {
      throw JsonStruct.error(top.member("pipelines", 0, 0), "expected an array");
    }
    if (out.isEmpty()) {
      throw JsonStruct.error(top, "no pipeline: expected VkGraphicsPipelineCreateInfo, VkComputePipelineCreateInfo,"
          + " VkRayTracingPipelineCreateInfoKHR or pipelines");
    }
    if (out.size() > 1 && out.stream().map(Pipeline::name).distinct().count() < out.size()) {
      throw JsonStruct.error(top, "two pipelines share a name; give each pipelines element its own \"name\"");
    }
    return out;
  }

  private List<Pipeline> createInfos(JsonObject o, Source at, String name) throws PipelineException {
    List<Pipeline> out = new ArrayList<>();
    for (String key : o.keys().keySet()) {
      Pipeline.Kind kind = CREATE_INFOS.get(key);
      if (kind != null) {
        JsonValue v = o.members().get(key);
        out.add(pipeline(kind, name, JsonStruct.of(key, v, at.member(key, v.line(), v.column()), numeric)));
      }
    }
    return out;
  }

  /** One create-info structure. */
  Pipeline pipeline(Pipeline.Kind kind, String name, JsonStruct ci) throws PipelineException {
    return pipeline(kind, name, ci, 0);
  }

  /** How deep libraries may link libraries (a cycle in a capture ends here). */
  private static final int LIBRARY_DEPTH = 8;

  private Pipeline pipeline(Pipeline.Kind kind, String name, JsonStruct ci, int depth) throws PipelineException {
    ci.checkMembers(Set.of());
    Map<String, JsonStruct> chain = chain(ci);
    Flags flags = ci.flags("flags");
    JsonStruct flags2 = chain.get("VkPipelineCreateFlags2CreateInfo");
    if (flags2 != null) {
      flags = flags2.flags("flags");  // when chained, it replaces flags (VkPipelineCreateFlags2CreateInfo)
    }
    List<Stage> stages = new ArrayList<>();
    if (kind == Pipeline.Kind.COMPUTE) {
      JsonStruct stage = ci.struct("stage", "VkPipelineShaderStageCreateInfo")
          .orElseThrow(() -> ci.error("missing member 'stage' of VkComputePipelineCreateInfo"));
      stages.add(stage(0, stage));
    } else {
      for (Element e : ci.array("pStages")) {
        stages.add(stage(stages.size(), JsonStruct.of("VkPipelineShaderStageCreateInfo", e.value(), e.source(), numeric)));
      }
    }
    List<ShaderGroup> groups = kind == Pipeline.Kind.RAY_TRACING ? groups(ci, stages.size()) : List.of();
    MultisampleState multisample = null;
    RenderingState rendering = null;
    GraphicsState graphics = null;
    if (kind == Pipeline.Kind.GRAPHICS) {
      Optional<JsonStruct> ms = ci.struct("pMultisampleState", "VkPipelineMultisampleStateCreateInfo");
      if (ms.isPresent()) {
        multisample = multisample(ms.get());
      }
      JsonStruct dynamic = chain.get("VkPipelineRenderingCreateInfo");
      Optional<JsonValue> renderPass = ci.get("renderPass");
      if (renderPass.isPresent()) {
        String struct = renderPassStruct(renderPass.get(), ci.at("renderPass"));
        rendering = renderPass(JsonStruct.of(struct, renderPass.get(), ci.at("renderPass"), numeric),
            ci.uint32("subpass", 0), ci.at("subpass"));
      } else if (dynamic != null) {
        rendering = dynamicRendering(dynamic);
      }
      graphics = graphicsState(ci, chain);
    }
    PipelineLayout layout = null;
    Optional<JsonStruct> l = ci.struct("layout", "VkPipelineLayoutCreateInfo");
    if (l.isPresent()) {
      layout = layout(l.get());
    }
    List<Source> libraries = new ArrayList<>();
    // VkPipelineLibraryCreateInfoKHR: a ray tracing pipeline's pLibraryInfo, a graphics pipeline's pNext
    JsonStruct info = kind == Pipeline.Kind.RAY_TRACING && ci.has("pLibraryInfo")
        ? ci.struct("pLibraryInfo", "VkPipelineLibraryCreateInfoKHR").orElseThrow()
        : kind == Pipeline.Kind.GRAPHICS ? chain.get("VkPipelineLibraryCreateInfoKHR") : null;
    if (info != null) {
      info.checkMembers(Set.of());
      for (Element e : info.array("pLibraries")) {
        if (depth >= LIBRARY_DEPTH) {
          throw JsonStruct.error(e.source(), "libraries linked more than " + LIBRARY_DEPTH + " deep (a library that links itself?)");
        }
        Pipeline lib = pipeline(kind, name, JsonStruct.of(kind.struct(), e.value(), e.source(), numeric), depth + 1);
        libraries.add(lib.source());
        libraries.addAll(lib.libraries());
        // a linked pipeline holds its libraries' stages, after its own (numbered on)
        for (Stage s : lib.stages()) {
          stages.add(new Stage(stages.size(), s.stage(), s.module(), s.entryPoint(), s.flags(), s.specialization(),
              s.requiredSubgroupSize(), s.source()));
        }
        // state a library holds and the pipeline does not give itself (graphics pipeline libraries)
        multisample = multisample != null ? multisample : lib.multisample();
        rendering = rendering != null ? rendering : lib.rendering();
        layout = layout != null ? layout : lib.layout();
        if (graphics != null && lib.graphics() != null) {
          graphics = link(graphics, lib.graphics(), chain.containsKey("VkGraphicsPipelineLibraryCreateInfoEXT"));
        }
      }
    }
    return new Pipeline(name, kind, flags, stages, multisample, rendering, layout, ci.source, graphics, groups,
        libraries);
  }

  /**
   * The fixed-function state the graphics create-info checks read: which subsets the pipeline
   * holds (VkGraphicsPipelineLibraryCreateInfoEXT's flags, or all for a complete pipeline),
   * vertex input, input assembly and the dynamic states.
   */
  private GraphicsState graphicsState(JsonStruct ci, Map<String, JsonStruct> chain) throws PipelineException {
    JsonStruct library = chain.get("VkGraphicsPipelineLibraryCreateInfoEXT");
    java.util.Set<String> subsets = library == null ? GraphicsState.COMPLETE
        : new java.util.HashSet<>(library.flags("flags").names());
    GraphicsState.VertexInput vertexInput = null;
    Optional<JsonStruct> vi = ci.struct("pVertexInputState", "VkPipelineVertexInputStateCreateInfo");
    if (vi.isPresent()) {
      vi.get().checkMembers(Set.of());
      List<GraphicsState.Attribute> attributes = new ArrayList<>();
      for (Element e : vi.get().array("pVertexAttributeDescriptions")) {
        JsonStruct a = JsonStruct.of("VkVertexInputAttributeDescription", e.value(), e.source(), numeric)
            .checkMembers(Set.of());
        String format = a.enumerant("format", null);
        if (format == null) {
          throw a.error("missing member 'format' of VkVertexInputAttributeDescription");
        }
        attributes.add(new GraphicsState.Attribute(a.uint32("location", 0), a.uint32("binding", 0), format, a.source));
      }
      for (Element e : vi.get().array("pVertexBindingDescriptions")) {
        JsonStruct.of("VkVertexInputBindingDescription", e.value(), e.source(), numeric).checkMembers(Set.of());
      }
      vertexInput = new GraphicsState.VertexInput(attributes, vi.get().source);
    }
    String topology = null;
    Source topologyAt = ci.source;
    Optional<JsonStruct> ia = ci.struct("pInputAssemblyState", "VkPipelineInputAssemblyStateCreateInfo");
    if (ia.isPresent()) {
      ia.get().checkMembers(Set.of());
      topology = ia.get().enumerant("topology", "VK_PRIMITIVE_TOPOLOGY_POINT_LIST");
      topologyAt = ia.get().at("topology");
    }
    java.util.Set<String> dynamicStates = new java.util.HashSet<>();
    Optional<JsonStruct> ds = ci.struct("pDynamicState", "VkPipelineDynamicStateCreateInfo");
    if (ds.isPresent()) {
      ds.get().checkMembers(Set.of());
      for (Element e : ds.get().array("pDynamicStates")) {
        dynamicStates.add(ds.get().enumerant("VkDynamicState", e.value(), e.source()));
      }
    }
    return new GraphicsState(subsets, vertexInput, topology, topologyAt, dynamicStates);
  }

  /** A pipeline's graphics state with a library's: the subsets together, each member from the pipeline when it gives it. */
  private static GraphicsState link(GraphicsState own, GraphicsState lib, boolean ownIsLibrary) {
    java.util.Set<String> subsets = new java.util.HashSet<>(own.subsets());
    if (ownIsLibrary) {
      subsets.addAll(lib.subsets());
    }
    java.util.Set<String> dynamic = new java.util.HashSet<>(own.dynamicStates());
    dynamic.addAll(lib.dynamicStates());
    boolean ownTopology = own.topology() != null;
    return new GraphicsState(subsets, own.vertexInput() != null ? own.vertexInput() : lib.vertexInput(),
        ownTopology ? own.topology() : lib.topology(), ownTopology ? own.topologySource() : lib.topologySource(),
        dynamic);
  }

  /** {@code pGroups} of a ray tracing pipeline: each shader index VK_SHADER_UNUSED_KHR or one of its {@code stages} stages. */
  private List<ShaderGroup> groups(JsonStruct ci, int stages) throws PipelineException {
    List<ShaderGroup> out = new ArrayList<>();
    for (Element e : ci.array("pGroups")) {
      JsonStruct g = JsonStruct.of("VkRayTracingShaderGroupCreateInfoKHR", e.value(), e.source(), numeric)
          .checkMembers(Set.of());
      String type = g.enumerant("type", null);
      if (type == null) {
        throw g.error("missing member 'type' of VkRayTracingShaderGroupCreateInfoKHR");
      }
      long[] shaders = new long[4];
      String[] members = {"generalShader", "closestHitShader", "anyHitShader", "intersectionShader"};
      for (int i = 0; i < 4; i++) {
        shaders[i] = Integer.toUnsignedLong(g.uint32(members[i], (int) ShaderGroup.UNUSED));
        if (shaders[i] != ShaderGroup.UNUSED && shaders[i] >= stages) {
          throw JsonStruct.error(g.at(members[i]), members[i] + " " + shaders[i] + " is neither VK_SHADER_UNUSED_KHR"
              + " (4294967295) nor one of the pipeline's " + stages + " pStages");
        }
      }
      out.add(new ShaderGroup(type, shaders[0], shaders[1], shaders[2], shaders[3], g.source));
    }
    return out;
  }

  /** Which render pass create info a {@code renderPass} holds: VkRenderPassCreateInfo2 when its sType says so. */
  private String renderPassStruct(JsonValue v, Source at) throws PipelineException {
    if (v instanceof JsonObject o && o.members().get("sType") != null) {
      JsonValue sType = o.members().get("sType");
      Optional<String> s = structure(sType, at.member("sType", sType.line(), sType.column()));
      if (s.isPresent() && (s.get().equals("VkRenderPassCreateInfo2") || s.get().equals("VkRenderPassCreateInfo"))) {
        return s.get();
      }
      throw JsonStruct.error(at.member("sType", sType.line(), sType.column()),
          "a renderPass is a VkRenderPassCreateInfo or a VkRenderPassCreateInfo2");
    }
    return "VkRenderPassCreateInfo";
  }

  /** The pNext chain of {@code s}: each element's structure by name ({@code sType} a structure or VK_STRUCTURE_TYPE_ name). */
  private Map<String, JsonStruct> chain(JsonStruct s) throws PipelineException {
    Map<String, JsonStruct> out = new LinkedHashMap<>();
    for (Element e : s.array("pNext")) {
      if (!(e.value() instanceof JsonObject o)) {
        throw JsonStruct.error(e.source(), "expected an object with an sType, got " + e.value().typeName());
      }
      JsonValue sType = o.members().get("sType");
      if (sType == null) {
        throw JsonStruct.error(e.source(), "a pNext element needs an sType");
      }
      Source at = e.source().member("sType", sType.line(), sType.column());
      Optional<String> struct = structure(sType, at);
      if (struct.isEmpty()) {
        continue;  // a structure vkrules does not read (named by its VK_STRUCTURE_TYPE_ value)
      }
      if (out.containsKey(struct.get())) {
        throw JsonStruct.error(at, struct.get() + " is chained twice");
      }
      out.put(struct.get(), new JsonStruct(struct.get(), o, e.source(), numeric).checkMembers(Set.of()));
    }
    return out;
  }

  /** The structure an sType names, empty for a valid structure type vkrules does not read. */
  private Optional<String> structure(JsonValue sType, Source at) throws PipelineException {
    String typeName;
    if (sType instanceof JsonString s && s.value().startsWith("Vk")) {
      if (VkPipelineTypes.STRUCTURE_TYPES.containsKey(s.value())) {
        return Optional.of(s.value());
      }
      throw JsonStruct.error(at, "'" + dev.vkrules.runtime.Shown.cut(s.value()) + "' is not a structure vkrules reads in a pNext chain; write its"
          + " VK_STRUCTURE_TYPE_ name to have it ignored" + NearNames.text(s.value(), VkPipelineTypes.STRUCTURE_TYPES.keySet()));
    }
    typeName = new JsonStruct("VkStructureType", new JsonObject(Map.of(), Map.of(), 0, 0), at, numeric)
        .enumerant("VkStructureType", sType, at);
    long value = Registry.value("VkStructureType", typeName).orElseThrow();
    return Optional.ofNullable(StructuresByType.INDEX.get(value));
  }

  /**
   * The structures vkrules reads by their VkStructureType value, indexed once (the first in
   * vk.xml's order where two share a value, as a scan of {@link VkPipelineTypes#STRUCTURE_TYPES}
   * finds); made when a description first names an sType by its VK_STRUCTURE_TYPE_ name.
   */
  private static final class StructuresByType {
    static final Map<Long, String> INDEX = new java.util.HashMap<>();

    static {
      for (Map.Entry<String, String> e : VkPipelineTypes.STRUCTURE_TYPES.entrySet()) {
        Optional<Long> v = Registry.value("VkStructureType", e.getValue());
        if (v.isPresent()) {
          INDEX.putIfAbsent(v.get(), e.getKey());
        }
      }
    }
  }

  private Stage stage(int index, JsonStruct s) throws PipelineException {
    s.checkMembers(Set.of("specialization"));
    String stage = s.enumerant("stage", null);
    if (stage == null) {
      throw s.error("missing member 'stage' of VkPipelineShaderStageCreateInfo");
    }
    JsonValue module = s.get("module").orElseThrow(() -> s.error("missing member 'module' of VkPipelineShaderStageCreateInfo"));
    ShaderModule m = modules.resolve(module, s.at("module"));
    String entry = s.string("pName", "main");
    Map<Integer, Specialization.Value> values = new LinkedHashMap<>();
    Optional<JsonStruct> info = s.struct("pSpecializationInfo", "VkSpecializationInfo");
    if (info.isPresent()) {
      mapEntries(info.get(), s.source, values);
    }
    Optional<JsonValue> simple = s.get("specialization");
    if (simple.isPresent()) {
      simpleSpecialization(simple.get(), s.at("specialization"), s.source, values);
    }
    Map<String, JsonStruct> chain = chain(s);
    JsonStruct subgroup = chain.get("VkPipelineShaderStageRequiredSubgroupSizeCreateInfo");
    int required = subgroup == null ? 0 : subgroup.uint32("requiredSubgroupSize", 0);
    if (subgroup != null && (required == 0 || Integer.bitCount(required) != 1)) {
      throw JsonStruct.error(subgroup.at("requiredSubgroupSize"), "requiredSubgroupSize must be a power of two, got "
          + Integer.toUnsignedString(required));
    }
    return new Stage(index, stage, m, entry, s.flags("flags"), new Specialization(values), required, s.source);
  }

  /** {@code pMapEntries} over {@code pData} (base64, as Fossilize writes it, or a list of byte values). */
  private void mapEntries(JsonStruct info, Source stage, Map<Integer, Specialization.Value> out) throws PipelineException {
    info.checkMembers(Set.of());
    byte[] data = data(info);
    long dataSize = info.integer("dataSize", data.length);
    if (dataSize != data.length) {
      throw JsonStruct.error(info.at("dataSize"), "dataSize is " + dataSize + " but pData holds " + data.length + " bytes");
    }
    for (Element e : info.array("pMapEntries")) {
      JsonStruct entry = JsonStruct.of("VkSpecializationMapEntry", e.value(), e.source(), numeric).checkMembers(Set.of());
      int id = entry.uint32("constantID", 0);
      int offset = entry.uint32("offset", 0);
      long size = entry.integer("size", 0);
      if (size < 0) {
        throw JsonStruct.error(entry.at("size"), "size must be a size_t (0 or more), got " + size);
      }
      // what Vulkan forbids of any entry, used or not, named by its VUID
      if (Integer.toUnsignedLong(offset) >= data.length) {
        throw JsonStruct.error(entry.at("offset"), rule(SpecializationVuids.OFFSET_IN_DATA) + "offset "
            + Integer.toUnsignedString(offset) + " must be less than dataSize (" + data.length + ")");
      }
      if (size > data.length - Integer.toUnsignedLong(offset)) {
        throw JsonStruct.error(entry.at("size"), rule(SpecializationVuids.SIZE_IN_DATA) + "size " + size
            + " must be at most dataSize minus offset (" + data.length + " - " + Integer.toUnsignedString(offset) + ")");
      }
      if (out.containsKey(id)) {
        throw JsonStruct.error(entry.at("constantID"), rule(SpecializationVuids.CONSTANT_ID_UNIQUE) + "constantID "
            + Integer.toUnsignedString(id) + " is mapped twice");
      }
      // a size no scalar constant has is an error only for a constant the module declares (the
      // module's check names it); an entry for an ID the shader lacks does not affect the pipeline
      long bits = 0;
      if (size <= 8) {
        for (int b = (int) size - 1; b >= 0; b--) {
          bits = bits << 8 | (data[offset + b] & 0xff);
        }
      }
      out.put(id, new Specialization.Value(id, bits, size == 0 ? Specialization.Value.EMPTY_ENTRY
          : (int) Math.min(size, Integer.MAX_VALUE), false, stage));
    }
  }

  /** {@code [VUID-...] } for a rule the import has, or nothing (an import without the pipeline chapter). */
  private static String rule(dev.vkrules.runtime.requirements.Vuid vuid) {
    return vuid == null ? "" : "[" + vuid.id() + "] ";
  }

  private static byte[] data(JsonStruct info) throws PipelineException {
    Optional<JsonValue> v = info.get("pData");
    if (v.isEmpty()) {
      return new byte[0];
    }
    Source at = info.at("pData");
    if (v.get() instanceof JsonString s) {
      try {
        return Base64.getDecoder().decode(s.value());
      } catch (IllegalArgumentException e) {
        throw JsonStruct.error(at, "pData is not base64: " + e.getMessage());
      }
    }
    if (v.get() instanceof JsonArray a) {
      byte[] out = new byte[a.elements().size()];
      for (int i = 0; i < out.length; i++) {
        JsonValue e = a.elements().get(i);
        long b = JsonStruct.integer(e, at.element(i, e.line(), e.column()));
        if (b < 0 || b > 255) {
          throw JsonStruct.error(at.element(i, e.line(), e.column()), "a byte is 0..255, got " + b);
        }
        out[i] = (byte) b;
      }
      return out;
    }
    throw JsonStruct.error(at, "expected base64 text or a list of bytes, got " + v.get().typeName());
  }

  /** {@code "specialization": {"3": 64, "4": true, "5": 0.5}}: values by SpecId, each taking its constant's width. */
  private static void simpleSpecialization(JsonValue v, Source at, Source stage,
      Map<Integer, Specialization.Value> out) throws PipelineException {
    if (!(v instanceof JsonObject o)) {
      throw JsonStruct.error(at, "expected an object of SpecId: value, got " + v.typeName());
    }
    for (Map.Entry<String, JsonValue> e : o.members().entrySet()) {
      JsonString key = o.keys().get(e.getKey());
      Source where = at.member(e.getKey(), key.line(), key.column());
      int id = specId(e.getKey(), where);
      if (out.containsKey(id)) {
        throw JsonStruct.error(where, "SpecId " + e.getKey() + " is also given by pSpecializationInfo");
      }
      Specialization.Value value = value(id, e.getValue(), where);
      // findings name the stage, as for map entries: (SpecId 3 = 64 from pipeline.json pStages[1])
      out.put(id, new Specialization.Value(id, value.bits(), value.size(), value.real(), stage));
    }
  }

  /** A SpecId written as text: a uint32_t in decimal. */
  static int specId(String text, Source at) throws PipelineException {
    try {
      long id = Long.parseLong(text);
      if (id >= 0 && id <= 0xffff_ffffL) {
        return (int) id;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw JsonStruct.error(at, "a SpecId is a uint32_t in decimal, got '" + dev.vkrules.runtime.Shown.cut(text) + "'");
  }

  private static final BigDecimal MIN_INTEGER = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal MAX_INTEGER = new BigDecimal("18446744073709551615");

  /** A value written as JSON: an integer, true/false, or a decimal number for a floating-point constant. */
  static Specialization.Value value(int id, JsonValue v, Source at) throws PipelineException {
    if (v instanceof JsonBoolean b) {
      return new Specialization.Value(id, b.value() ? 1 : 0, 0, false, at);
    }
    if (v instanceof JsonNumber n) {
      BigDecimal d = n.value();
      if (d.stripTrailingZeros().scale() <= 0 && !n.text().contains(".")) {
        // an integer: at most 64 bits, signed or unsigned; the constant's own width is checked against the module
        if (d.compareTo(MIN_INTEGER) < 0 || d.compareTo(MAX_INTEGER) > 0) {
          throw JsonStruct.error(at, "a specialization value is at most 64 bits (-2^63 to 2^64-1), got "
              + dev.vkrules.runtime.Shown.cut(n.text()));
        }
        return new Specialization.Value(id, d.toBigInteger().longValue(), 0, false, d.signum() < 0, at);
      }
      double real = d.doubleValue();
      if (!Double.isFinite(real)) {
        throw JsonStruct.error(at, "a specialization value is a finite number, got " + dev.vkrules.runtime.Shown.cut(n.text()));
      }
      return new Specialization.Value(id, Double.doubleToLongBits(real), 0, true, false, at);
    }
    throw JsonStruct.error(at, "a specialization value is an integer, true, false or a decimal number, got " + v.typeName());
  }

  private MultisampleState multisample(JsonStruct ms) throws PipelineException {
    ms.checkMembers(Set.of());
    String samples = ms.enumerant("rasterizationSamples", "VK_SAMPLE_COUNT_1_BIT");
    int count = Registry.value("VkSampleCountFlagBits", samples).orElseThrow().intValue();
    double min = ms.number("minSampleShading", 0);
    if (!(min >= 0 && min <= 1)) {
      throw JsonStruct.error(ms.at("minSampleShading"), "minSampleShading is in [0, 1], got " + min);
    }
    return new MultisampleState(count, ms.bool("sampleShadingEnable", false), min,
        ms.bool("alphaToCoverageEnable", false), ms.bool("alphaToOneEnable", false), ms.source);
  }

  private RenderingState renderPass(JsonStruct rp, int subpass, Source subpassAt) throws PipelineException {
    rp.checkMembers(Set.of());
    boolean two = rp.struct.equals("VkRenderPassCreateInfo2");
    String suffix = two ? "2" : "";
    List<String> formats = new ArrayList<>();
    List<Integer> samples = new ArrayList<>();
    for (Element e : rp.array("pAttachments")) {
      JsonStruct a = JsonStruct.of("VkAttachmentDescription" + suffix, e.value(), e.source(), numeric).checkMembers(Set.of());
      formats.add(a.enumerant("format", "VK_FORMAT_UNDEFINED"));
      samples.add(Registry.value("VkSampleCountFlagBits", a.enumerant("samples", "VK_SAMPLE_COUNT_1_BIT")).orElseThrow().intValue());
    }
    List<Element> subpasses = rp.array("pSubpasses");
    if (Integer.toUnsignedLong(subpass) >= subpasses.size()) {
      throw JsonStruct.error(subpassAt, "subpass " + Integer.toUnsignedString(subpass) + " is not one of the render pass's "
          + subpasses.size() + " subpasses");
    }
    Element chosen = subpasses.get(subpass);
    JsonStruct sp = JsonStruct.of("VkSubpassDescription" + suffix, chosen.value(), chosen.source(), numeric)
        .checkMembers(Set.of());
    String reference = "VkAttachmentReference" + suffix;
    List<String> color = new ArrayList<>();
    List<Integer> colorSamples = new ArrayList<>();
    for (Element e : sp.array("pColorAttachments")) {
      int a = attachment(e, reference, formats.size());
      color.add(a < 0 ? "VK_FORMAT_UNDEFINED" : formats.get(a));
      colorSamples.add(a < 0 ? 1 : samples.get(a));
    }
    List<String> input = new ArrayList<>();
    for (Element e : sp.array("pInputAttachments")) {
      int a = attachment(e, reference, formats.size());
      input.add(a < 0 ? "VK_FORMAT_UNDEFINED" : formats.get(a));
    }
    String depth = "VK_FORMAT_UNDEFINED";
    Optional<JsonValue> ds = sp.get("pDepthStencilAttachment");
    if (ds.isPresent()) {
      int a = attachment(new Element(ds.get(), sp.at("pDepthStencilAttachment")), reference, formats.size());
      depth = a < 0 ? depth : formats.get(a);
    }
    int viewMask = 0;
    if (two) {
      viewMask = sp.uint32("viewMask", 0);  // VkSubpassDescription2 carries its own view mask
    } else {
      JsonStruct multiview = chain(rp).get("VkRenderPassMultiviewCreateInfo");
      if (multiview != null) {
        List<Element> masks = multiview.array("pViewMasks");
        if (!masks.isEmpty()) {
          if (subpass >= masks.size()) {
            throw JsonStruct.error(multiview.at("pViewMasks"), "pViewMasks has " + masks.size() + " masks, none for subpass "
                + subpass);
          }
          viewMask = JsonStruct.uint32(masks.get(subpass).value(), masks.get(subpass).source());
        }
      }
    }
    // a combined depth/stencil format serves both aspects
    return new RenderingState(false, viewMask, color, colorSamples, input, depth, depth, chosen.source());
  }

  /** A VkAttachmentReference's attachment index, or -1 for VK_ATTACHMENT_UNUSED. */
  private int attachment(Element e, String struct, int attachments) throws PipelineException {
    JsonStruct ref = JsonStruct.of(struct, e.value(), e.source(), numeric).checkMembers(Set.of());
    long a = ref.integer("attachment", -1);
    if (a == 0xffff_ffffL || a == -1) {
      return -1;
    }
    if (a < 0 || a >= attachments) {
      throw JsonStruct.error(ref.at("attachment"), "attachment " + a + " is not one of the render pass's " + attachments
          + " attachments");
    }
    return (int) a;
  }

  private RenderingState dynamicRendering(JsonStruct r) throws PipelineException {
    List<String> color = new ArrayList<>();
    List<Integer> samples = new ArrayList<>();
    for (Element e : r.array("pColorAttachmentFormats")) {
      color.add(r.enumerant("VkFormat", e.value(), e.source()));
      samples.add(1);
    }
    return new RenderingState(true, r.uint32("viewMask", 0), color, samples, List.of(),
        r.enumerant("depthAttachmentFormat", "VK_FORMAT_UNDEFINED"),
        r.enumerant("stencilAttachmentFormat", "VK_FORMAT_UNDEFINED"), r.source);
  }

  private PipelineLayout layout(JsonStruct l) throws PipelineException {
    l.checkMembers(Set.of());
    List<SetLayout> sets = new ArrayList<>();
    for (Element e : l.array("pSetLayouts")) {
      JsonStruct s = JsonStruct.of("VkDescriptorSetLayoutCreateInfo", e.value(), e.source(), numeric).checkMembers(Set.of());
      List<DescriptorBinding> bindings = new ArrayList<>();
      for (Element b : s.array("pBindings")) {
        bindings.add(binding(JsonStruct.of("VkDescriptorSetLayoutBinding", b.value(), b.source(), numeric)));
      }
      Set<Integer> numbers = new java.util.HashSet<>();
      for (DescriptorBinding b : bindings) {
        if (!numbers.add(b.binding())) {
          throw JsonStruct.error(b.source(), "binding " + b.binding() + " is declared twice");
        }
      }
      sets.add(new SetLayout(s.flags("flags"), bindings, s.source));
    }
    List<PipelineLayout.PushConstantRange> ranges = new ArrayList<>();
    for (Element e : l.array("pPushConstantRanges")) {
      JsonStruct r = JsonStruct.of("VkPushConstantRange", e.value(), e.source(), numeric).checkMembers(Set.of());
      ranges.add(new PipelineLayout.PushConstantRange(r.flags("stageFlags"), r.uint32("offset", 0), r.uint32("size", 0),
          r.source));
    }
    return new PipelineLayout(sets, ranges, l.source);
  }

  private DescriptorBinding binding(JsonStruct b) throws PipelineException {
    b.checkMembers(Set.of());
    String type = b.enumerant("descriptorType", null);
    if (type == null) {
      throw b.error("missing member 'descriptorType' of VkDescriptorSetLayoutBinding");
    }
    int count = b.uint32("descriptorCount", 1);
    List<Sampler> samplers = new ArrayList<>();
    for (Element e : b.array("pImmutableSamplers")) {
      samplers.add(sampler(JsonStruct.of("VkSamplerCreateInfo", e.value(), e.source(), numeric)));
    }
    if (!samplers.isEmpty() && samplers.size() != count) {
      throw JsonStruct.error(b.at("pImmutableSamplers"), "pImmutableSamplers has " + samplers.size()
          + " samplers for descriptorCount " + count);
    }
    return new DescriptorBinding(b.uint32("binding", 0), type, count, b.flags("stageFlags"), samplers, b.source);
  }

  private Sampler sampler(JsonStruct s) throws PipelineException {
    s.checkMembers(Set.of());
    JsonStruct c = chain(s).get("VkSamplerYcbcrConversionCreateInfo");
    Sampler.YcbcrConversion conversion = null;
    if (c != null) {
      List<String> components = new ArrayList<>();
      Optional<JsonStruct> mapping = c.struct("components", "VkComponentMapping");
      for (String m : List.of("r", "g", "b", "a")) {
        components.add(mapping.isPresent() ? mapping.get().checkMembers(Set.of()).enumerant(m, "VK_COMPONENT_SWIZZLE_IDENTITY")
            : "VK_COMPONENT_SWIZZLE_IDENTITY");
      }
      conversion = new Sampler.YcbcrConversion(c.enumerant("format", "VK_FORMAT_UNDEFINED"),
          c.enumerant("ycbcrModel", "VK_SAMPLER_YCBCR_MODEL_CONVERSION_RGB_IDENTITY"),
          c.enumerant("ycbcrRange", "VK_SAMPLER_YCBCR_RANGE_ITU_FULL"), components,
          c.enumerant("xChromaOffset", "VK_CHROMA_LOCATION_COSITED_EVEN"),
          c.enumerant("yChromaOffset", "VK_CHROMA_LOCATION_COSITED_EVEN"),
          c.enumerant("chromaFilter", "VK_FILTER_NEAREST"), c.bool("forceExplicitReconstruction", false), c.source);
    }
    return new Sampler(s.flags("flags"), s.enumerant("magFilter", "VK_FILTER_NEAREST"),
        s.enumerant("minFilter", "VK_FILTER_NEAREST"), s.enumerant("mipmapMode", "VK_SAMPLER_MIPMAP_MODE_NEAREST"),
        s.enumerant("addressModeU", "VK_SAMPLER_ADDRESS_MODE_REPEAT"),
        s.enumerant("addressModeV", "VK_SAMPLER_ADDRESS_MODE_REPEAT"),
        s.enumerant("addressModeW", "VK_SAMPLER_ADDRESS_MODE_REPEAT"), s.number("mipLodBias", 0),
        s.bool("anisotropyEnable", false), s.number("maxAnisotropy", 1), s.bool("compareEnable", false),
        s.enumerant("compareOp", "VK_COMPARE_OP_NEVER"), s.number("minLod", 0), s.number("maxLod", 0),
        s.enumerant("borderColor", "VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK"), s.bool("unnormalizedCoordinates", false),
        conversion, s.source);
  }
}
