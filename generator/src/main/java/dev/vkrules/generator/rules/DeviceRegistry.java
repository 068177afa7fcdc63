package dev.vkrules.generator.rules;

import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.requirements.VkXmlStructs;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The device facts vk.xml defines, as the {@code device:} predicates name them: the members of
 * the feature structures ({@code VkPhysicalDeviceFeatures} and every structure extending
 * {@code VkPhysicalDeviceFeatures2}), of the property structures ({@code VkPhysicalDeviceProperties},
 * its nested {@code VkPhysicalDeviceLimits} and {@code VkPhysicalDeviceSparseProperties}, and every
 * structure extending {@code VkPhysicalDeviceProperties2}), the device extensions, and the
 * {@code VkFormatFeatureFlagBits}. A bare member name resolves to its structure when every
 * structure holding it is an equivalent of one another (an alias or its promoted Vulkan 1.x form).
 */
final class DeviceRegistry {
  /** One member: its C type ({@code uint32_t}, {@code VkBool32}, {@code VkShaderStageFlags}) and array length (0 for scalars). */
  record Member(String struct, String name, String type, int length) {
    String qualified() {
      return struct + "::" + name;
    }
  }

  private static final Map<Path, DeviceRegistry> CACHE = new ConcurrentHashMap<>();
  private static final Set<String> FEATURE_ROOTS = Set.of("VkPhysicalDeviceFeatures");
  private static final Set<String> PROPERTY_ROOTS =
      Set.of("VkPhysicalDeviceProperties", "VkPhysicalDeviceLimits", "VkPhysicalDeviceSparseProperties");

  /** The flag-bit enums of format features: VkFormatProperties and VkFormatProperties3's 64-bit one. */
  private static final String STAGE_BITS = "VkShaderStageFlagBits";
  private static final Set<String> FORMAT_BITS = Set.of("VkFormatFeatureFlagBits", "VkFormatFeatureFlagBits2");

  private final SortedMap<String, List<Member>> features = new TreeMap<>();
  private final SortedMap<String, List<Member>> properties = new TreeMap<>();
  private final SortedSet<String> extensions = new TreeSet<>();
  private final SortedSet<String> formatFeatureBits = new TreeSet<>();
  /** Enum type → enumerant name → the name it aliases (itself when no alias): what an enum property can equal. */
  private final SortedMap<String, SortedMap<String, String>> enumerants = new TreeMap<>();
  /** VkShaderStageFlagBits: name to bit position, and alias to the name it stands for. */
  private final SortedMap<String, Integer> stageBits = new TreeMap<>();
  private final SortedMap<String, String> stageAliases = new TreeMap<>();
  private final SortedMap<String, List<String>> equivalences;

  private DeviceRegistry(SortedMap<String, List<String>> equivalences) {
    this.equivalences = equivalences;
  }

  /** The registry of the project holding {@code tablesDir} ({@code rules/tables} beside {@code spec-sources/vk.xml}). */
  static DeviceRegistry forTables(Path tablesDir) {
    Path root = tablesDir.toAbsolutePath().normalize().getParent().getParent();
    return of(root.resolve("spec-sources").resolve("vk.xml"));
  }

  static DeviceRegistry of(Path vkXml) {
    return CACHE.computeIfAbsent(vkXml.toAbsolutePath().normalize(), DeviceRegistry::load);
  }

  private static DeviceRegistry load(Path vkXml) {
    if (!Files.isRegularFile(vkXml)) {
      throw new GeneratorException("device predicates need the registry, not found: " + vkXml);
    }
    DeviceRegistry r = new DeviceRegistry(VkXmlStructs.equivalences(vkXml));
    try (InputStream in = Files.newInputStream(vkXml)) {
      r.read(in);
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + vkXml + ": " + e.getMessage());
    } catch (XMLStreamException e) {
      throw new GeneratorException(vkXml + ": malformed xml");
    }
    return r;
  }

  /** The feature members named {@code name} ({@code member} or {@code Struct::member}). */
  List<Member> features(String name) {
    return lookup(features, name);
  }

  List<Member> properties(String name) {
    return lookup(properties, name);
  }

  SortedSet<String> featureNames() {
    return names(features);
  }

  SortedSet<String> propertyNames() {
    return names(properties);
  }

  boolean hasExtension(String name) {
    return extensions.contains(name);
  }

  SortedSet<String> extensions() {
    return extensions;
  }

  SortedSet<String> formatFeatureBits() {
    return formatFeatureBits;
  }

  /** Whether {@code type} is an enum type of the registry (VkShaderFloatControlsIndependence). */
  boolean isEnum(String type) {
    return enumerants.containsKey(type);
  }

  /** The enumerants of an enum type, for suggestions. */
  SortedSet<String> enumerantNames(String type) {
    return new TreeSet<>(enumerants.getOrDefault(type, new TreeMap<>()).keySet());
  }

  /**
   * The names of one value of an enum type: {@code name}'s canonical enumerant and every alias
   * of it (VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NONE and ..._NONE_KHR), sorted; null when the
   * type has no enumerant {@code name}.
   */
  List<String> sameValue(String type, String name) {
    SortedMap<String, String> all = enumerants.get(type);
    if (all == null || !all.containsKey(name)) {
      return null;
    }
    String canonical = all.get(name);
    return all.entrySet().stream().filter(e -> e.getValue().equals(canonical)).map(Map.Entry::getKey).toList();
  }

  /** Whether two members are one fact under different structures. */
  boolean equivalent(Member a, Member b) {
    return a.qualified().equals(b.qualified())
        || equivalences.getOrDefault(a.qualified(), List.of()).contains(b.qualified());
  }

  private static List<Member> lookup(SortedMap<String, List<Member>> byName, String name) {
    int sep = name.indexOf("::");
    if (sep < 0) {
      return byName.getOrDefault(name, List.of());
    }
    String struct = name.substring(0, sep);
    return byName.getOrDefault(name.substring(sep + 2), List.of()).stream()
        .filter(m -> m.struct().equals(struct)).toList();
  }

  private static SortedSet<String> names(SortedMap<String, List<Member>> byName) {
    SortedSet<String> out = new TreeSet<>(byName.keySet());
    byName.values().forEach(l -> l.forEach(m -> out.add(m.qualified())));
    return out;
  }

  private void read(InputStream in) throws XMLStreamException {
    XMLInputFactory factory = dev.vkrules.generator.Xml.inputFactory();
    XMLStreamReader xml = factory.createXMLStreamReader(in);
    String struct = null;
    String extendsList = "";
    List<String[]> members = new ArrayList<>();
    StringBuilder memberText = null;
    String memberType = null;
    String memberName = null;
    String element = "";
    boolean inFormatFeatureBits = false;
    String inEnum = null;
    boolean inStageBits = false;
    while (xml.hasNext()) {
      int event = xml.next();
      if (event == XMLStreamConstants.START_ELEMENT) {
        element = xml.getLocalName();
        if (element.equals("type") && "struct".equals(xml.getAttributeValue(null, "category"))
            && xml.getAttributeValue(null, "alias") == null) {
          struct = xml.getAttributeValue(null, "name");
          String ext = xml.getAttributeValue(null, "structextends");
          extendsList = ext == null ? "" : ext;
          members = new ArrayList<>();
        } else if (element.equals("member") && struct != null) {
          memberText = new StringBuilder();
          memberType = null;
          memberName = null;
        } else if (element.equals("extension") && !"disabled".equals(xml.getAttributeValue(null, "supported"))
            && "device".equals(xml.getAttributeValue(null, "type"))) {
          extensions.add(xml.getAttributeValue(null, "name"));
        } else if (element.equals("enums")) {
          inFormatFeatureBits = isFormatBits(xml.getAttributeValue(null, "name"));
          String kind = xml.getAttributeValue(null, "type");
          inEnum = "enum".equals(kind) || "bitmask".equals(kind) ? xml.getAttributeValue(null, "name") : null;
          inStageBits = STAGE_BITS.equals(xml.getAttributeValue(null, "name"));
        } else if (element.equals("enum") && xml.getAttributeValue(null, "name") != null) {
          String name = xml.getAttributeValue(null, "name");
          String owner = inEnum != null ? inEnum : xml.getAttributeValue(null, "extends");
          if (inFormatFeatureBits || isFormatBits(xml.getAttributeValue(null, "extends"))) {
            formatFeatureBits.add(name);
          } else if (owner != null) {
            String alias = xml.getAttributeValue(null, "alias");
            enumerants.computeIfAbsent(owner, k -> new TreeMap<>()).put(name, alias != null ? alias : name);
          }
          if (inStageBits || STAGE_BITS.equals(xml.getAttributeValue(null, "extends"))) {
            stageBit(name, xml.getAttributeValue(null, "bitpos"), xml.getAttributeValue(null, "alias"));
          }
        }
      } else if (event == XMLStreamConstants.CHARACTERS && memberText != null) {
        String text = xml.getText();
        if (element.equals("type")) {
          memberType = text.strip();
        } else if (element.equals("name")) {
          memberName = text.strip();
        } else if (memberName != null) {
          memberText.append(text);
        }
      } else if (event == XMLStreamConstants.END_ELEMENT) {
        String tag = xml.getLocalName();
        element = "";
        if (tag.equals("member") && memberText != null) {
          if (memberName != null && memberType != null) {
            members.add(new String[] {memberType, memberName, memberText.toString()});
          }
          memberText = null;
        } else if (tag.equals("type") && struct != null && memberText == null) {
          add(struct, extendsList, members);
          struct = null;
        } else if (tag.equals("enums")) {
          inFormatFeatureBits = false;
          inEnum = null;
          inStageBits = false;
        }
      }
    }
  }

  private void stageBit(String name, String bitpos, String alias) {
    if (bitpos != null) {
      stageBits.put(name, Integer.parseInt(bitpos));
    } else if (alias != null) {
      stageAliases.put(name, alias);
    }
  }

  /**
   * The single-bit VkShaderStageFlagBits names of the bit {@code name} stands for: the name
   * the bit was introduced with and every alias of it (a description may write either); empty
   * when vk.xml has no such bit.
   */
  SortedSet<String> stageBitNames(String name) {
    String primary = stageAliases.getOrDefault(name, name);
    SortedSet<String> out = new TreeSet<>();
    if (!stageBits.containsKey(primary)) {
      return out;
    }
    out.add(primary);
    stageAliases.forEach((alias, target) -> {
      if (target.equals(primary)) {
        out.add(alias);
      }
    });
    return out;
  }

  private static boolean isFormatBits(String enumName) {
    return enumName != null && FORMAT_BITS.contains(enumName);
  }

  private void add(String struct, String extendsList, List<String[]> members) {
    List<String> ext = List.of(extendsList.split(","));
    SortedMap<String, List<Member>> into = FEATURE_ROOTS.contains(struct) || ext.contains("VkPhysicalDeviceFeatures2")
        ? features
        : PROPERTY_ROOTS.contains(struct) || ext.contains("VkPhysicalDeviceProperties2") ? properties : null;
    if (into == null) {
      return;
    }
    for (String[] m : members) {
      if (m[1].equals("sType") || m[1].equals("pNext")) {
        continue;
      }
      int length = 0;
      java.util.regex.Matcher len = java.util.regex.Pattern.compile("\\[(\\d+)\\]").matcher(m[2]);
      if (len.find()) {
        length = Integer.parseInt(len.group(1));
      }
      List<Member> list = into.computeIfAbsent(m[1], k -> new ArrayList<>());
      Member member = new Member(struct, m[1], m[0], length);
      if (!list.contains(member)) {
        list.add(member);
      }
    }
  }
}
