package dev.vkrules.runtime.pipeline;

import dev.vkrules.runtime.profile.JsonValue.JsonArray;
import dev.vkrules.runtime.profile.JsonValue.JsonNumber;
import dev.vkrules.runtime.profile.JsonValue.JsonObject;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
import dev.vkrules.runtime.profile.JsonValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a Fossilize capture: {@code shaderModules}, {@code samplers}, {@code setLayouts},
 * {@code pipelineLayouts}, {@code renderPasses} and the {@code graphicsPipelines},
 * {@code computePipelines} and {@code raytracingPipelines} that name them, each keyed by its
 * 16-hex-digit hash; from one JSON document (what Fossilize's {@code StateRecorder::serialize()}
 * writes, {@link JsonCapture}) or from an archive's entries ({@code .foz}, {@link FozCapture}).
 *
 * <p>Fossilize writes the create-info structures with its own member names (vk.xml's without the
 * {@code p} of a pointer: {@code stages}, {@code name}, {@code specializationInfo}, ...), enums and
 * flags as numbers, and handles as hashes. Each pipeline is turned into vkrules' own form (members
 * renamed, hashes replaced by the objects they name, positions kept) and read by the same
 * reader, so the same vk.xml checks apply; numbers are looked up in vk.xml. In an archive, a
 * pipeline that cannot be read (its entry or an object it names is damaged or missing) is one
 * line of {@link PipelineDescription#unread()} and the others are still read.
 */
final class FossilizeReader {
  /** Top-level tables of a capture, by the resource they hold. */
  static final List<String> TABLES = List.of("shaderModules", "samplers", "setLayouts", "pipelineLayouts",
      "renderPasses", "renderPasses2", "graphicsPipelines", "computePipelines", "raytracingPipelines");
  private static final Map<String, String> PIPELINES = Map.of(
      "graphicsPipelines", "VkGraphicsPipelineCreateInfo",
      "computePipelines", "VkComputePipelineCreateInfo",
      "raytracingPipelines", "VkRayTracingPipelineCreateInfoKHR");
  /** Fossilize's member names that differ from vk.xml's. */
  private static final Map<String, String> RENAMED = renamed();
  private static final String NULL_HANDLE = "0000000000000000";

  private final CaptureTables tables;

  FossilizeReader(CaptureTables tables) {
    this.tables = tables;
  }

  /** Whether a document is a Fossilize capture: it has one of the capture's tables and no vkrules create-info. */
  static boolean isCapture(JsonObject o) {
    boolean table = false;
    for (String key : o.members().keySet()) {
      if (PipelineReader.CREATE_INFOS.containsKey(key)) {
        return false;
      }
      table |= TABLES.contains(key);
    }
    return table;
  }

  /** Reads a capture that is one JSON document. */
  static PipelineDescription read(Path file, JsonObject root) throws PipelineException {
    JsonCapture capture = new JsonCapture(file, root);
    PipelineDescription d = new FossilizeReader(capture).read(PipelineDescription.Format.FOSSILIZE);
    if (d.pipelines().isEmpty()) {
      throw JsonStruct.error(capture.top(), "the capture holds no graphicsPipelines, computePipelines or raytracingPipelines");
    }
    return d;
  }

  /**
   * The capture's pipelines, each with the libraries it links. In an isolated capture (an archive),
   * a pipeline that cannot be read is one line of the description's {@code unread}, and the others
   * are still read; else it is the error of the whole capture.
   */
  PipelineDescription read(PipelineDescription.Format format) throws PipelineException {
    PipelineReader reader = new PipelineReader(true, this::module);
    List<Pipeline> out = new ArrayList<>();
    Map<String, PipelineDescription.Unread> unread = new LinkedHashMap<>();
    Set<String> linked = linkedLibraries(unread);
    for (String table : List.of("graphicsPipelines", "computePipelines", "raytracingPipelines")) {
      for (String hash : tables.hashes(table)) {
        if (linked.contains(hash) || unread.containsKey(hash)) {
          continue;  // a library another pipeline links: its stages and state are checked within that pipeline
        }
        String name = tables.file() + "#" + hash;
        try {
          JsonValue v = tables.get(table, hash);
          Source at = tables.at(table, hash, v);
          JsonValue translated = translate(v, at, 0, table);
          String struct = PIPELINES.get(table);
          out.add(reader.pipeline(PipelineReader.CREATE_INFOS.get(struct), name, JsonStruct.of(struct, translated, at, true)));
        } catch (PipelineException e) {
          if (!tables.isolated()) {
            throw e;
          }
          unread.put(hash, new PipelineDescription.Unread(name, e.getMessage()));
        } catch (FozArchive.Damaged e) {
          unread.put(hash, new PipelineDescription.Unread(name, tables.file() + ": " + e.getMessage()));
        }
      }
    }
    return new PipelineDescription(tables.file(), format, out, List.copyOf(unread.values()), List.of());
  }

  /** How many library copies one pipeline may hold with its libraries' own links (real ones hold a handful). */
  static final int MAX_LINKED_LIBRARIES = 1024;

  /** A library link: the linked pipeline's hash and where the capture names it. */
  private record Link(String hash, Source at) {}

  /**
   * The hashes the pipelines of the capture link as libraries ({@code libraryInfo.libraries}): a
   * graphics pipeline library or ray tracing library is validated within each pipeline that links
   * it, with the stages and state of the whole; one no pipeline links is validated alone. Links
   * that form a cycle (a library that links itself, or two that link each other) are an error
   * naming them, and so is a pipeline that would hold more than {@value #MAX_LINKED_LIBRARIES}
   * library copies (libraries linked many times over), before any pipeline is translated.
   */
  private Set<String> linkedLibraries(Map<String, PipelineDescription.Unread> unread) throws PipelineException {
    Map<String, List<Link>> links = new LinkedHashMap<>();
    for (String table : List.of("graphicsPipelines", "raytracingPipelines")) {
      for (String hash : tables.hashes(table)) {
        JsonValue v;
        try {
          v = tables.get(table, hash);
        } catch (FozArchive.Damaged e) {
          // the pipeline's own entry: reported once, here, and not read again
          unread.put(hash, new PipelineDescription.Unread(tables.file() + "#" + hash, tables.file() + ": " + e.getMessage()));
          continue;
        }
        if (!(v instanceof JsonObject o)) {
          continue;
        }
        Source at = tables.at(table, hash, o);
        List<Link> out = links.computeIfAbsent(hash, k -> new ArrayList<>());
        linksOf(o.members().get("libraryInfo"), at.member("libraryInfo", o.line(), o.column()), out);
        if (o.members().get("pNext") instanceof JsonArray chain) {
          // VkPipelineLibraryCreateInfoKHR chained, as a graphics pipeline may write it
          for (int i = 0; i < chain.elements().size(); i++) {
            JsonValue c = chain.elements().get(i);
            linksOf(c, at.member("pNext", chain.line(), chain.column()).element(i, c.line(), c.column()), out);
          }
        }
      }
    }
    Set<String> out = new java.util.HashSet<>();
    links.values().forEach(l -> l.forEach(k -> out.add(k.hash())));
    Map<String, Long> copies = checkCycles(links);
    for (Map.Entry<String, List<Link>> e : links.entrySet()) {
      if (!out.contains(e.getKey()) && copies.get(e.getKey()) > MAX_LINKED_LIBRARIES) {
        throw JsonStruct.error(e.getValue().get(0).at(), "pipeline " + e.getKey() + " holds more than "
            + MAX_LINKED_LIBRARIES + " library copies with its libraries' own links");
      }
    }
    return out;
  }

  private static void linksOf(JsonValue info, Source at, List<Link> out) {
    if (info instanceof JsonObject i && i.members().get("libraries") instanceof JsonArray libraries) {
      Source list = at.member("libraries", libraries.line(), libraries.column());
      for (int k = 0; k < libraries.elements().size(); k++) {
        if (libraries.elements().get(k) instanceof JsonString s) {
          out.add(new Link(s.value(), list.element(k, s.line(), s.column())));
        }
      }
    }
  }

  /**
   * Fails on the first link that closes a cycle, naming the pipelines of the cycle in order; else
   * gives, for each pipeline, the library copies it holds with its libraries' own links (counted up
   * to just past the bound; each pipeline's count made once, from its libraries' counts).
   */
  private static Map<String, Long> checkCycles(Map<String, List<Link>> links) throws PipelineException {
    Map<String, Long> copies = new java.util.HashMap<>();
    Map<String, Integer> state = new java.util.HashMap<>();  // absent: unseen, 1: on the path, 2: done
    for (String start : links.keySet()) {
      if (state.containsKey(start)) {
        continue;
      }
      // an iterative depth-first walk: the path's hashes and, for each, the next link to follow
      List<String> path = new ArrayList<>(List.of(start));
      List<Integer> next = new ArrayList<>(List.of(0));
      state.put(start, 1);
      while (!path.isEmpty()) {
        int top = path.size() - 1;
        List<Link> out = links.getOrDefault(path.get(top), List.of());
        int i = next.get(top);
        if (i == out.size()) {
          long n = 0;
          for (Link l : out) {
            n = Math.min(MAX_LINKED_LIBRARIES + 1L, n + 1 + copies.getOrDefault(l.hash(), 0L));
          }
          copies.put(path.get(top), n);
          state.put(path.remove(top), 2);
          next.remove(top);
          continue;
        }
        next.set(top, i + 1);
        Link l = out.get(i);
        Integer seen = state.get(l.hash());
        if (seen != null && seen == 1) {
          List<String> cycle = new ArrayList<>(path.subList(path.indexOf(l.hash()), path.size()));
          cycle.add(l.hash());
          throw JsonStruct.error(l.at(), cycle.size() == 2 ? "library " + l.hash() + " links itself"
              : "libraries link each other in a cycle: " + String.join(" -> ", cycle));
        }
        if (seen == null && links.containsKey(l.hash())) {
          state.put(l.hash(), 1);
          path.add(l.hash());
          next.add(0);
        }
      }
    }
    return copies;
  }

  /**
   * Renames Fossilize's members to vk.xml's and replaces hashes by the objects they name;
   * {@code context} is the Fossilize member (or table) the value is found under, for the few
   * names Fossilize gives two meanings ({@code bindings} of a set layout and of vertex input).
   */
  private JsonValue translate(JsonValue v, Source at, int depth, String context) throws PipelineException {
    if (depth > 32) {
      throw JsonStruct.error(at, "nesting too deep");
    }
    if (v instanceof JsonArray a) {
      List<JsonValue> out = new ArrayList<>();
      for (int i = 0; i < a.elements().size(); i++) {
        JsonValue e = a.elements().get(i);
        out.add(translate(e, at.element(i, e.line(), e.column()), depth + 1, context));
      }
      return new JsonArray(out, a.line(), a.column());
    }
    if (!(v instanceof JsonObject o)) {
      return v;
    }
    Map<String, JsonValue> members = new LinkedHashMap<>();
    Map<String, JsonString> keys = new LinkedHashMap<>();
    for (Map.Entry<String, JsonValue> e : o.members().entrySet()) {
      String name = e.getKey();
      JsonValue value = e.getValue();
      JsonString key = o.keys().get(name);
      Source where = at.member(name, value.line(), value.column());
      switch (name) {
        case "basePipelineHandle", "basePipelineIndex" -> {
          continue;  // another pipeline of the capture; not state a shader rule reads
        }
        case "layout" -> {
          if (!(value instanceof JsonString)) {
            break;  // an image layout of an attachment reference
          }
          JsonValue resolved = resolve("pipelineLayouts", value, where, depth);
          if (resolved != null) {
            members.put("layout", resolved);
            keys.put("layout", key);
          }
          continue;
        }
        case "renderPass" -> {
          JsonValue resolved = renderPass(value, where, depth);
          if (resolved != null) {
            members.put("renderPass", resolved);
            keys.put("renderPass", key);
          }
          continue;
        }
        case "setLayouts" -> {
          members.put("pSetLayouts", handles("setLayouts", value, where, depth));
          keys.put("pSetLayouts", key);
          continue;
        }
        case "immutableSamplers" -> {
          members.put("pImmutableSamplers", handles("samplers", value, where, depth));
          keys.put("pImmutableSamplers", key);
          continue;
        }
        case "libraries" -> {
          if (context.equals("libraryInfo") || context.equals("pNext")) {
            members.put("pLibraries", libraries(value, where, depth));
            keys.put("pLibraries", key);
            continue;
          }
        }
        case "version" -> {
          if (context.equals("renderPasses") || context.equals("renderPasses2")) {
            continue;  // read by renderPass(): which create info the entry is
          }
        }
        default -> { }
      }
      String renamed = RENAMED.getOrDefault(name, name);
      if (context.equals("vertexInputState") && (name.equals("attributes") || name.equals("bindings"))) {
        renamed = name.equals("attributes") ? "pVertexAttributeDescriptions" : "pVertexBindingDescriptions";
      } else if (context.equals("dynamicState") && name.equals("dynamicState")) {
        renamed = "pDynamicStates";
      }
      members.put(renamed, translate(value, where, depth + 1, name));
      keys.put(renamed, key);
    }
    if (context.equals("graphicsPipelines") && members.get("pLibraryInfo") instanceof JsonObject info) {
      // a graphics pipeline chains VkPipelineLibraryCreateInfoKHR in pNext (a ray tracing one has the member)
      chainLibraries(members, keys, info);
    }
    return new JsonObject(Collections.unmodifiableMap(members), Collections.unmodifiableMap(keys), o.line(), o.column());
  }

  /** Moves a graphics pipeline's {@code pLibraryInfo} into its pNext chain, as VkGraphicsPipelineCreateInfo has it. */
  private static void chainLibraries(Map<String, JsonValue> members, Map<String, JsonString> keys, JsonObject info) {
    JsonString key = keys.remove("pLibraryInfo");
    members.remove("pLibraryInfo");
    Map<String, JsonValue> m = new LinkedHashMap<>();
    Map<String, JsonString> k = new LinkedHashMap<>();
    long sType = Registry.value("VkStructureType", "VK_STRUCTURE_TYPE_PIPELINE_LIBRARY_CREATE_INFO_KHR").orElseThrow();
    m.put("sType", new JsonNumber(Long.toString(sType), info.line(), info.column()));
    k.put("sType", new JsonString("sType", info.line(), info.column()));
    m.putAll(info.members());
    k.putAll(info.keys());
    JsonObject chained = new JsonObject(Collections.unmodifiableMap(m), Collections.unmodifiableMap(k), info.line(),
        info.column());
    List<JsonValue> chain = new ArrayList<>();
    int line = info.line();
    int column = info.column();
    if (members.get("pNext") instanceof JsonArray a) {
      chain.addAll(a.elements());
      line = a.line();
      column = a.column();
    }
    chain.add(chained);
    members.put("pNext", new JsonArray(chain, line, column));
    keys.putIfAbsent("pNext", key);
  }

  private JsonValue handles(String table, JsonValue list, Source at, int depth) throws PipelineException {
    if (!(list instanceof JsonArray a)) {
      throw JsonStruct.error(at, "expected a list of hashes, got " + list.typeName());
    }
    List<JsonValue> out = new ArrayList<>();
    for (int i = 0; i < a.elements().size(); i++) {
      JsonValue e = a.elements().get(i);
      JsonValue resolved = resolve(table, e, at.element(i, e.line(), e.column()), depth);
      out.add(resolved != null ? resolved : new JsonObject(Map.of(), Map.of(), e.line(), e.column()));
    }
    return new JsonArray(out, a.line(), a.column());
  }

  /**
   * The render pass a hash names: an entry of {@code renderPasses} (a VkRenderPassCreateInfo, or a
   * VkRenderPassCreateInfo2 when the entry has {@code "version": 2}) or of {@code renderPasses2}
   * (VkRenderPassCreateInfo2, where earlier Fossilize versions write them). A VkRenderPassCreateInfo2
   * is marked with its sType, as vkrules' own form tells the two apart.
   */
  private JsonValue renderPass(JsonValue hash, Source at, int depth) throws PipelineException {
    if (!(hash instanceof JsonString s)) {
      throw JsonStruct.error(at, "expected a hash (16 hex digits), got " + hash.typeName());
    }
    if (s.value().equals(NULL_HANDLE)) {
      return null;
    }
    String table = tables.has("renderPasses", s.value()) || !tables.has("renderPasses2", s.value())
        ? "renderPasses" : "renderPasses2";
    JsonValue translated = resolve(table, hash, at, depth);
    JsonObject entry = (JsonObject) entry(table, s.value(), at);
    Source where = tables.at(table, s.value(), entry);
    long version = table.equals("renderPasses2") ? 2 : 1;
    JsonValue v = entry.members().get("version");
    if (v != null) {
      Source vAt = where.member("version", v.line(), v.column());
      long given = JsonStruct.integer(v, vAt);
      if (given != 1 && given != 2) {
        throw JsonStruct.error(vAt, "a render pass entry's version is 1 (VkRenderPassCreateInfo) or 2"
            + " (VkRenderPassCreateInfo2), got " + given);
      }
      version = given;
    }
    if (version == 1 || !(translated instanceof JsonObject o)) {
      return translated;
    }
    Map<String, JsonValue> members = new LinkedHashMap<>();
    Map<String, JsonString> keys = new LinkedHashMap<>();
    long sType = Registry.value("VkStructureType", "VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2").orElseThrow();
    members.put("sType", new JsonNumber(Long.toString(sType), o.line(), o.column()));
    keys.put("sType", new JsonString("sType", o.line(), o.column()));
    members.putAll(o.members());
    keys.putAll(o.keys());
    return new JsonObject(Collections.unmodifiableMap(members), Collections.unmodifiableMap(keys), o.line(), o.column());
  }

  /** {@code libraryInfo.libraries}: each hash, a pipeline of graphicsPipelines or raytracingPipelines, replaced by it. */
  private JsonValue libraries(JsonValue list, Source at, int depth) throws PipelineException {
    if (!(list instanceof JsonArray a)) {
      throw JsonStruct.error(at, "expected a list of pipeline hashes, got " + list.typeName());
    }
    List<JsonValue> out = new ArrayList<>();
    for (int i = 0; i < a.elements().size(); i++) {
      JsonValue e = a.elements().get(i);
      Source where = at.element(i, e.line(), e.column());
      if (!(e instanceof JsonString s)) {
        throw JsonStruct.error(where, "expected a pipeline hash (16 hex digits), got " + e.typeName());
      }
      String table = tables.has("graphicsPipelines", s.value()) ? "graphicsPipelines"
          : tables.has("raytracingPipelines", s.value()) ? "raytracingPipelines" : null;
      if (table == null) {
        throw JsonStruct.error(where, "library " + dev.vkrules.runtime.Shown.cut(s.value()) + " is in neither graphicsPipelines nor raytracingPipelines"
            + " of the capture");
      }
      out.add(resolve(table, e, where, depth));
    }
    return new JsonArray(out, a.line(), a.column());
  }

  /** The translated object a hash names in {@code table}; null for the null handle. */
  private JsonValue resolve(String table, JsonValue hash, Source at, int depth) throws PipelineException {
    if (!(hash instanceof JsonString s)) {
      throw JsonStruct.error(at, "expected a hash (16 hex digits), got " + hash.typeName());
    }
    if (s.value().equals(NULL_HANDLE)) {
      return null;
    }
    JsonValue v = entry(table, s.value(), at);
    if (v == null) {
      throw JsonStruct.error(at, "hash " + dev.vkrules.runtime.Shown.cut(s.value()) + " is not in the capture's " + table);
    }
    return translate(v, tables.at(table, s.value(), v), depth + 1, table);
  }

  /** The object a hash names, an entry that cannot be read an error where it is named. */
  private JsonValue entry(String table, String hash, Source at) throws PipelineException {
    try {
      return tables.get(table, hash);
    } catch (FozArchive.Damaged e) {
      throw JsonStruct.error(at, table + " " + hash + " cannot be read: " + e.getMessage());
    }
  }

  /** A stage's module, from the capture's shaderModules. */
  private ShaderModule module(JsonValue hash, Source at) throws PipelineException {
    if (!(hash instanceof JsonString s)) {
      throw JsonStruct.error(at, "expected a shader module hash, got " + hash.typeName());
    }
    return tables.module(s.value(), at);
  }

  private static Map<String, String> renamed() {
    Map<String, String> m = new LinkedHashMap<>();
    for (String[] p : new String[][] {
        {"stages", "pStages"}, {"name", "pName"}, {"specializationInfo", "pSpecializationInfo"},
        {"mapEntries", "pMapEntries"}, {"data", "pData"}, {"multisampleState", "pMultisampleState"},
        {"sampleMask", "pSampleMask"}, {"pushConstantRanges", "pPushConstantRanges"}, {"bindings", "pBindings"},
        {"attachments", "pAttachments"}, {"subpasses", "pSubpasses"}, {"colorAttachments", "pColorAttachments"},
        {"inputAttachments", "pInputAttachments"}, {"resolveAttachments", "pResolveAttachments"},
        {"depthStencilAttachment", "pDepthStencilAttachment"}, {"preserveAttachments", "pPreserveAttachments"},
        {"dependencies", "pDependencies"}, {"viewMasks", "pViewMasks"}, {"viewOffsets", "pViewOffsets"},
        {"correlationMasks", "pCorrelationMasks"}, {"groups", "pGroups"}, {"dynamicState", "pDynamicState"},
        {"vertexInputState", "pVertexInputState"}, {"inputAssemblyState", "pInputAssemblyState"},
        {"tessellationState", "pTessellationState"}, {"viewportState", "pViewportState"},
        {"rasterizationState", "pRasterizationState"}, {"depthStencilState", "pDepthStencilState"},
        {"colorBlendState", "pColorBlendState"}, {"libraryInfo", "pLibraryInfo"},
        {"libraryInterface", "pLibraryInterface"}, {"colorAttachmentFormats", "pColorAttachmentFormats"},
        {"correlatedViewMasks", "pCorrelatedViewMasks"}, {"depthStencilResolveAttachment", "pDepthStencilResolveAttachment"},
        {"fragmentShadingRateAttachment", "pFragmentShadingRateAttachment"}}) {
      m.put(p[0], p[1]);
    }
    return Collections.unmodifiableMap(m);
  }
}
