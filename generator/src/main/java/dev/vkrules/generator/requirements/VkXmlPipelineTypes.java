package dev.vkrules.generator.requirements;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads from vk.xml what a pipeline description is checked against: the members (and member
 * types) of the create-info structures it may contain, and the enumerants of every enum and
 * bitmask those members use, with the values vk.xml gives them (core, promoted and extension
 * enumerants alike; {@code offset}s resolved as {@code 1000000000 + (extnumber - 1) * 1000 + offset},
 * aliases to their target's value). Extensions vk.xml marks {@code supported="disabled"} and
 * members of Vulkan SC only are left out.
 */
public final class VkXmlPipelineTypes {
  /** The structures a description may hold (vkrules' own form and Fossilize's). */
  public static final List<String> STRUCTS = List.of(
      "VkGraphicsPipelineCreateInfo", "VkComputePipelineCreateInfo", "VkRayTracingPipelineCreateInfoKHR",
      "VkPipelineShaderStageCreateInfo", "VkSpecializationInfo", "VkSpecializationMapEntry",
      "VkPipelineShaderStageRequiredSubgroupSizeCreateInfo", "VkPipelineCreateFlags2CreateInfo",
      "VkPipelineMultisampleStateCreateInfo", "VkPipelineRenderingCreateInfo", "VkRenderPassCreateInfo",
      "VkAttachmentDescription", "VkSubpassDescription", "VkAttachmentReference", "VkRenderPassMultiviewCreateInfo",
      "VkPipelineLayoutCreateInfo", "VkDescriptorSetLayoutCreateInfo", "VkDescriptorSetLayoutBinding",
      "VkPushConstantRange", "VkSamplerCreateInfo", "VkSamplerYcbcrConversionCreateInfo", "VkComponentMapping",
      "VkRayTracingShaderGroupCreateInfoKHR", "VkPipelineLibraryCreateInfoKHR",
      "VkRenderPassCreateInfo2", "VkAttachmentDescription2", "VkSubpassDescription2", "VkAttachmentReference2",
      "VkGraphicsPipelineLibraryCreateInfoEXT", "VkPipelineVertexInputStateCreateInfo",
      "VkVertexInputAttributeDescription", "VkVertexInputBindingDescription", "VkPipelineInputAssemblyStateCreateInfo",
      "VkPipelineTessellationStateCreateInfo", "VkPipelineDynamicStateCreateInfo");

  private VkXmlPipelineTypes() {}

  /**
   * What the pipeline reader needs.
   *
   * @param members each structure of {@link #STRUCTS} to its members and their vk.xml types, in declaration order
   * @param enums each enum or bits type those members use (flags types resolved to their bits) to its
   *     enumerants and values, aliases included
   * @param flagBits each flags type used to its bits type
   * @param aliases the enumerants that are aliases of another (vk.xml's {@code alias=}), so the other is the name a value is shown by
   * @param structureTypes each structure of {@link #STRUCTS} to its {@code VK_STRUCTURE_TYPE_} value (pNext chains name either)
   * @param formatNumeric each format of vk.xml's {@code <formats>} to its components' {@code numericFormat}
   *     ({@code UNORM}, {@code SFLOAT}, ...; two joined by {@code /} where the components differ, as in depth/stencil)
   */
  public record Types(SortedMap<String, Map<String, String>> members, SortedMap<String, SortedMap<String, Long>> enums,
      SortedMap<String, String> flagBits, SortedMap<String, String> structureTypes, java.util.SortedSet<String> aliases,
      SortedMap<String, String> formatNumeric) {}

  public static Types read(Path vkXml) {
    return read(vkXml, java.util.Set.of());
  }

  /**
   * {@link #read(Path)}, with the bits (and enumerants) of {@code alsoTypes} too: the member types of
   * the device structures a profile holds, whose flags are checked by name as a description's are.
   */
  public static Types read(Path vkXml, java.util.Collection<String> alsoTypes) {
    try (InputStream in = Files.newInputStream(vkXml)) {
      return read(in, vkXml.getFileName().toString(), alsoTypes);
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + vkXml + ": " + e.getMessage());
    }
  }

  static Types read(InputStream in, String fileName) {
    return read(in, fileName, java.util.Set.of());
  }

  static Types read(InputStream in, String fileName, java.util.Collection<String> alsoTypes) {
    Raw raw = new Raw();
    parse(in, fileName, raw);
    SortedMap<String, Map<String, String>> members = new TreeMap<>();
    SortedMap<String, String> flagBits = new TreeMap<>();
    SortedMap<String, SortedMap<String, Long>> enums = new TreeMap<>();
    for (String s : STRUCTS) {
      Map<String, String> m = raw.structs.get(s);
      if (m == null) {
        throw new GeneratorException(fileName + ": structure " + s + " not found");
      }
      members.put(s, m);
      for (String type : m.values()) {
        String bits = raw.bitsOf.get(type);
        if (bits != null) {
          flagBits.put(type, bits);
          type = bits;
        }
        if (raw.enumTypes.contains(type)) {
          enums.put(type, values(raw, type, fileName));
        }
      }
    }
    for (String t : new java.util.TreeSet<>(alsoTypes)) {
      // a device structure's flags member: its bits, so a profile's bit names are checked by name
      String type = t.replaceFirst("\\[.*$", "");
      String bits = raw.bitsOf.get(type);
      if (bits != null && raw.enumTypes.contains(bits)) {
        flagBits.put(type, bits);
        enums.put(bits, values(raw, bits, fileName));
      } else if (type.contains("FlagBits") && raw.enumTypes.contains(type)) {
        enums.put(type, values(raw, type, fileName));
      }
    }
    enums.put("VkFormat", values(raw, "VkFormat", fileName));  // formats of attachments and conversions
    enums.put("VkStructureType", values(raw, "VkStructureType", fileName));  // numeric sTypes of a Fossilize capture
    SortedMap<String, String> structureTypes = new TreeMap<>();
    for (String s : STRUCTS) {
      String sType = raw.sTypes.get(s);
      if (sType != null) {
        structureTypes.put(s, sType);
      }
    }
    java.util.SortedSet<String> aliases = new java.util.TreeSet<>();
    for (String type : enums.keySet()) {
      raw.enumerants.getOrDefault(type, List.of()).stream().filter(e -> e.alias != null).forEach(e -> aliases.add(e.name));
    }
    if (raw.formatNumeric.isEmpty()) {
      throw new GeneratorException(fileName + ": no <format> with a numericFormat component");
    }
    return new Types(members, enums, flagBits, structureTypes, aliases, raw.formatNumeric);
  }

  private static SortedMap<String, Long> values(Raw raw, String type, String fileName) {
    SortedMap<String, Long> out = new TreeMap<>();
    Map<String, String> aliases = new TreeMap<>();
    for (Enumerant e : raw.enumerants.getOrDefault(type, List.of())) {
      if (e.alias != null) {
        aliases.put(e.name, e.alias);
      } else {
        out.put(e.name, e.value);
      }
    }
    for (Map.Entry<String, String> a : aliases.entrySet()) {
      String target = a.getValue();
      for (int hops = 0; aliases.containsKey(target) && hops < 8; hops++) {
        target = aliases.get(target);
      }
      Long v = out.get(target);
      if (v == null) {
        throw new GeneratorException(fileName + ": alias " + a.getKey() + " of " + type + " names no enumerant");
      }
      out.put(a.getKey(), v);
    }
    return out;
  }

  private record Enumerant(String name, long value, String alias) {}

  private static final class Raw {
    final Map<String, Map<String, String>> structs = new TreeMap<>();
    final Map<String, String> bitsOf = new TreeMap<>();
    final Set<String> enumTypes = new java.util.TreeSet<>();
    final Map<String, List<Enumerant>> enumerants = new TreeMap<>();
    final Map<String, String> sTypes = new TreeMap<>();
    final SortedMap<String, String> formatNumeric = new TreeMap<>();
  }

  private static void parse(InputStream in, String fileName, Raw raw) {
    XMLInputFactory factory = dev.vkrules.generator.Xml.inputFactory();
    try {
      XMLStreamReader xml = factory.createXMLStreamReader(in);
      String struct = null;
      Map<String, String> members = null;
      String bitmaskBits = null;
      boolean inBitmask = false;
      boolean inMember = false;
      boolean nestedType = false;
      boolean memberSkipped = false;
      String inText = null;
      StringBuilder memberType = new StringBuilder();
      StringBuilder name = new StringBuilder();
      String enumsName = null;
      String format = null;
      int extNumber = 0;
      boolean extDisabled = false;
      while (xml.hasNext()) {
        int event = xml.next();
        if (event == XMLStreamConstants.START_ELEMENT) {
          String tag = xml.getLocalName();
          switch (tag) {
            case "type" -> {
              if (inMember) {
                inText = "type";
                break;
              }
              if (inBitmask) {
                nestedType = true;  // typedef <type>VkFlags</type> <name>...</name>
                break;
              }
              String category = xml.getAttributeValue(null, "category");
              String typeName = xml.getAttributeValue(null, "name");
              String alias = xml.getAttributeValue(null, "alias");
              if ("struct".equals(category) && alias == null) {
                struct = typeName;
                members = new LinkedHashMap<>();
              } else if ("bitmask".equals(category)) {
                if (alias != null) {
                  raw.bitsOf.put(typeName, "@" + alias);  // resolved below through the target
                } else {
                  inBitmask = true;
                  bitmaskBits = first(xml.getAttributeValue(null, "requires"), xml.getAttributeValue(null, "bitvalues"));
                  name.setLength(0);
                }
              } else if ("enum".equals(category) && typeName != null) {
                raw.enumTypes.add(typeName);
              }
            }
            case "member" -> {
              if (struct != null) {
                inMember = true;
                String api = xml.getAttributeValue(null, "api");
                memberSkipped = api != null && !Arrays.asList(api.split(",")).contains("vulkan");
                String values = xml.getAttributeValue(null, "values");
                if (values != null && values.startsWith("VK_STRUCTURE_TYPE_")) {
                  raw.sTypes.putIfAbsent(struct, values);
                }
                memberType.setLength(0);
                name.setLength(0);
              }
            }
            case "name" -> {
              if (inMember || inBitmask) {
                inText = "name";
              }
            }
            case "enums" -> {
              enumsName = xml.getAttributeValue(null, "name");
              String kind = xml.getAttributeValue(null, "type");
              if (!"enum".equals(kind) && !"bitmask".equals(kind)) {
                enumsName = null;
              }
            }
            case "format" -> format = xml.getAttributeValue(null, "name");
            case "component" -> {
              String numeric = xml.getAttributeValue(null, "numericFormat");
              if (format != null && numeric != null) {
                // a format's numeric type is its components' (vertex attribute formats have one for all)
                raw.formatNumeric.merge(format, numeric, (a, b) -> a.equals(b) ? a : a + "/" + b);
              }
            }
            case "extension" -> {
              extNumber = Integer.parseInt(first(xml.getAttributeValue(null, "number"), "0"));
              extDisabled = "disabled".equals(xml.getAttributeValue(null, "supported"));
            }
            case "enum" -> enumerant(xml, raw, enumsName, extNumber, extDisabled);
            default -> { }
          }
        } else if (event == XMLStreamConstants.CHARACTERS && inText != null) {
          (inText.equals("type") ? memberType : name).append(xml.getText());
        } else if (event == XMLStreamConstants.END_ELEMENT) {
          String tag = xml.getLocalName();
          switch (tag) {
            case "type", "name" -> {
              if (inText != null) {
                inText = null;
              } else if (tag.equals("type") && nestedType) {
                nestedType = false;
              } else if (tag.equals("type") && inBitmask) {
                inBitmask = false;
                if (bitmaskBits != null) {
                  raw.bitsOf.put(name.toString().strip(), bitmaskBits);
                }
              } else if (tag.equals("type") && struct != null && !inMember) {
                raw.structs.putIfAbsent(struct, members);
                struct = null;
              }
            }
            case "member" -> {
              if (inMember && !memberSkipped) {
                String m = name.toString().strip();
                if (!m.equals("sType") && !m.equals("pNext")) {
                  members.putIfAbsent(m, memberType.toString().strip());
                }
              }
              inMember = false;
            }
            case "enums" -> enumsName = null;
            case "extension" -> {
              extNumber = 0;
              extDisabled = false;
            }
            default -> { }
          }
        }
      }
    } catch (XMLStreamException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNumber();
      throw new GeneratorException(fileName + ":" + line + ": malformed xml");
    }
    // a flags alias (VkPipelineCreateFlags2KHR) has its target's bits
    for (Map.Entry<String, String> e : raw.bitsOf.entrySet()) {
      String bits = e.getValue();
      for (int hops = 0; bits != null && bits.startsWith("@") && hops < 8; hops++) {
        bits = raw.bitsOf.get(bits.substring(1));
      }
      e.setValue(bits == null || bits.startsWith("@") ? "" : bits);
    }
    raw.bitsOf.values().removeIf(String::isEmpty);
  }

  private static void enumerant(XMLStreamReader xml, Raw raw, String enumsName, int extNumber, boolean extDisabled) {
    String extendsType = xml.getAttributeValue(null, "extends");
    String type = extendsType != null ? extendsType : enumsName;
    String api = xml.getAttributeValue(null, "api");
    if (type == null || extDisabled || api != null && !Arrays.asList(api.split(",")).contains("vulkan")) {
      return;
    }
    String name = xml.getAttributeValue(null, "name");
    String alias = xml.getAttributeValue(null, "alias");
    String value = xml.getAttributeValue(null, "value");
    String bitpos = xml.getAttributeValue(null, "bitpos");
    String offset = xml.getAttributeValue(null, "offset");
    long v;
    if (alias != null) {
      v = 0;
    } else if (bitpos != null) {
      v = 1L << Integer.parseInt(bitpos);
    } else if (offset != null) {
      int ext = Integer.parseInt(first(xml.getAttributeValue(null, "extnumber"), String.valueOf(extNumber)));
      v = 1_000_000_000L + (ext - 1) * 1000L + Long.parseLong(offset);
      if ("-".equals(xml.getAttributeValue(null, "dir"))) {
        v = -v;
      }
    } else if (value != null) {
      try {
        v = Long.decode(value.replace("U", "").replace("L", ""));
      } catch (NumberFormatException e) {
        return;  // an API constant written as an expression; no pipeline member uses one
      }
    } else {
      return;
    }
    List<Enumerant> list = raw.enumerants.computeIfAbsent(type, k -> new ArrayList<>());
    if (list.stream().noneMatch(e -> e.name.equals(name))) {  // promoted enumerants are listed by each block
      list.add(new Enumerant(name, v, alias));
    }
    raw.enumTypes.add(type);
  }

  private static String first(String a, String b) {
    return a != null ? a : b;
  }
}
