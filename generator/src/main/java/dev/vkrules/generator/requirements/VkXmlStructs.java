package dev.vkrules.generator.requirements;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Finds, in vk.xml, which feature and property members are one thing under several structure
 * names, so a device description may state them under any of those names:
 * <ul>
 *   <li>structure aliases ({@code <type category="struct" name="...KHR" alias="..."/>});
 *   <li>core structures folded into {@code VkPhysicalDeviceVulkanXYFeatures/Properties}: a
 *       structure required by a core version block {@code <feature api="vulkan,..." number="X.Y">}
 *       (named {@code VK_VERSION_X_Y} or, since 1.4.3xx, split into {@code VK_BASE_VERSION_X_Y},
 *       {@code VK_COMPUTE_VERSION_X_Y} and {@code VK_GRAPHICS_VERSION_X_Y}) that extends
 *       {@code VkPhysicalDeviceFeatures2} or {@code VkPhysicalDeviceProperties2} has its members
 *       in the Vulkan X.Y structure, under the same name or prefixed with the structure's stem
 *       ({@code VkPhysicalDeviceSubgroupProperties::supportedOperations} is
 *       {@code VkPhysicalDeviceVulkan11Properties::subgroupSupportedOperations}).
 * </ul>
 */
public final class VkXmlStructs {
  private static final Pattern NUMBER = Pattern.compile("(\\d+)\\.(\\d+)");
  private static final Pattern STEM = Pattern.compile("VkPhysicalDevice(.+?)(Features|Properties)");

  private VkXmlStructs() {}

  record Struct(String name, String alias, String structextends, List<String> members, Map<String, String> types) {}

  /** {@code Struct::member} to its whole group (sorted), for members with at least one other name. */
  public static SortedMap<String, List<String>> equivalences(Path vkXml) {
    try (InputStream in = Files.newInputStream(vkXml)) {
      return equivalences(in, vkXml.getFileName().toString());
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + vkXml + ": " + e.getMessage());
    }
  }

  static SortedMap<String, List<String>> equivalences(InputStream in, String fileName) {
    Map<String, Struct> structs = new TreeMap<>();
    Map<String, String> coreVersionOf = new TreeMap<>();
    read(in, fileName, structs, coreVersionOf);

    UnionFind groups = new UnionFind();
    for (Struct s : structs.values()) {
      if (!s.alias().isEmpty()) {
        Struct target = structs.get(s.alias());
        if (target != null) {
          for (String m : target.members()) {
            groups.union(s.name() + "::" + m, target.name() + "::" + m);
          }
        }
      }
    }
    for (Map.Entry<String, String> e : coreVersionOf.entrySet()) {
      Struct s = structs.get(e.getKey());
      if (s == null || !s.alias().isEmpty()) {
        continue;
      }
      String kind = s.structextends().contains("VkPhysicalDeviceFeatures2") ? "Features"
          : s.structextends().contains("VkPhysicalDeviceProperties2") ? "Properties" : null;
      if (kind == null) {
        continue;
      }
      Struct combined = structs.get("VkPhysicalDeviceVulkan" + e.getValue() + kind);
      if (combined == null || combined.name().equals(s.name())) {
        continue;
      }
      Optional<String> prefix = stemPrefix(s.name());
      for (String m : s.members()) {
        if (combined.members().contains(m)) {
          groups.union(s.name() + "::" + m, combined.name() + "::" + m);
        } else if (prefix.isPresent()) {
          String prefixed = prefix.get() + Character.toUpperCase(m.charAt(0)) + m.substring(1);
          if (combined.members().contains(prefixed)) {
            groups.union(s.name() + "::" + m, combined.name() + "::" + prefixed);
          }
        }
      }
    }
    return groups.groups();
  }

  /**
   * Structures a device description may state with their members: the feature and property
   * structures (those extending {@code VkPhysicalDeviceFeatures2} / {@code VkPhysicalDeviceProperties2}
   * and the Vulkan 1.0 ones they wrap, limits and sparse properties included) and the format
   * property structures; an alias has its target's members.
   */
  public static SortedMap<String, List<String>> deviceStructs(Path vkXml) {
    try (InputStream in = Files.newInputStream(vkXml)) {
      return deviceStructs(in, vkXml.getFileName().toString());
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + vkXml + ": " + e.getMessage());
    }
  }

  static SortedMap<String, List<String>> deviceStructs(InputStream in, String fileName) {
    SortedMap<String, List<String>> out = new TreeMap<>();
    deviceStructTypes(in, fileName).forEach((name, types) -> out.put(name, List.copyOf(types.keySet())));
    return out;
  }

  /**
   * {@link #deviceStructs} with each member's C type as vk.xml declares it: {@code uint32_t},
   * {@code VkBool32}, {@code float}, {@code VkDeviceSize}, an enum or flags type, and for an
   * array its length ({@code uint32_t[3]}; {@code []} when vk.xml gives it by a constant).
   * Members in declaration order.
   */
  public static SortedMap<String, Map<String, String>> deviceStructTypes(Path vkXml) {
    try (InputStream in = Files.newInputStream(vkXml)) {
      return deviceStructTypes(in, vkXml.getFileName().toString());
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + vkXml + ": " + e.getMessage());
    }
  }

  static SortedMap<String, Map<String, String>> deviceStructTypes(InputStream in, String fileName) {
    Map<String, Struct> structs = new TreeMap<>();
    read(in, fileName, structs, new TreeMap<>());
    Set<String> roots = Set.of("VkPhysicalDeviceFeatures2", "VkPhysicalDeviceProperties2", "VkFormatProperties2");
    Set<String> wrapped = Set.of("VkPhysicalDeviceFeatures", "VkPhysicalDeviceProperties", "VkPhysicalDeviceLimits",
        "VkPhysicalDeviceSparseProperties", "VkFormatProperties");
    SortedMap<String, Map<String, String>> out = new TreeMap<>();
    for (Struct s : structs.values()) {
      Struct target = s.alias().isEmpty() ? s : structs.get(s.alias());
      if (target == null) {
        continue;
      }
      boolean extendsRoot = roots.contains(target.name()) || wrapped.contains(target.name())
          || Arrays.stream(target.structextends().split(",")).anyMatch(roots::contains);
      if (extendsRoot) {
        out.put(s.name(), target.types());
      }
    }
    return out;
  }

  /** {@code VkPhysicalDeviceSubgroupProperties} gives {@code subgroup}. */
  private static Optional<String> stemPrefix(String struct) {
    Matcher m = STEM.matcher(struct);
    if (!m.matches()) {
      return Optional.empty();
    }
    String stem = m.group(1);
    return Optional.of(stem.substring(0, 1).toLowerCase(Locale.ROOT) + stem.substring(1));
  }

  private static void read(InputStream in, String fileName, Map<String, Struct> structs, Map<String, String> coreVersionOf) {
    XMLInputFactory factory = dev.vkrules.generator.Xml.inputFactory();
    try {
      XMLStreamReader xml = factory.createXMLStreamReader(in);
      String structName = null;
      String structAlias = "";
      String structExtends = "";
      List<String> members = new ArrayList<>();
      Map<String, String> types = new java.util.LinkedHashMap<>();
      boolean inMember = false;
      boolean inMemberName = false;
      boolean inMemberType = false;
      boolean afterName = false;
      StringBuilder memberName = new StringBuilder();
      StringBuilder memberType = new StringBuilder();
      StringBuilder memberTail = new StringBuilder();
      String feature = null;
      int depth = 0;
      while (xml.hasNext()) {
        int event = xml.next();
        if (event == XMLStreamConstants.START_ELEMENT) {
          depth++;
          String tag = xml.getLocalName();
          if (tag.equals("type") && "struct".equals(xml.getAttributeValue(null, "category"))) {
            structName = xml.getAttributeValue(null, "name");
            structAlias = orEmpty(xml.getAttributeValue(null, "alias"));
            structExtends = orEmpty(xml.getAttributeValue(null, "structextends"));
            members = new ArrayList<>();
            types = new java.util.LinkedHashMap<>();
          } else if (tag.equals("member") && structName != null) {
            inMember = true;
            afterName = false;
            memberName.setLength(0);
            memberType.setLength(0);
            memberTail.setLength(0);
          } else if (tag.equals("name") && inMember) {
            inMemberName = true;
          } else if (tag.equals("type") && inMember) {
            inMemberType = true;
          } else if (tag.equals("feature") && depth == 2) {
            // a version block is a child of <registry>; since 1.4.3xx a <require> also holds
            // <feature name="member" struct="..."/> elements, which are not blocks
            feature = coreVersion(xml.getAttributeValue(null, "api"), xml.getAttributeValue(null, "number"));
          } else if (tag.equals("type") && feature != null) {
            coreVersionOf.putIfAbsent(orEmpty(xml.getAttributeValue(null, "name")), feature);
          }
        } else if (event == XMLStreamConstants.CHARACTERS && inMemberName) {
          memberName.append(xml.getText());
        } else if (event == XMLStreamConstants.CHARACTERS && inMemberType) {
          memberType.append(xml.getText());
        } else if (event == XMLStreamConstants.CHARACTERS && inMember && afterName) {
          memberTail.append(xml.getText());
        } else if (event == XMLStreamConstants.CHARACTERS && inMember && xml.getText().contains("*")) {
          memberType.append('*');  // a pointer: "<type>X</type>* <name>"
        } else if (event == XMLStreamConstants.END_ELEMENT) {
          String tag = xml.getLocalName();
          if (tag.equals("name") && inMemberName) {
            inMemberName = false;
            afterName = true;
          } else if (tag.equals("type") && inMemberType) {
            inMemberType = false;
          } else if (tag.equals("member") && inMember) {
            inMember = false;
            String m = memberName.toString().strip();
            if (!m.equals("sType") && !m.equals("pNext") && !members.contains(m)) {
              members.add(m);
              String tail = memberTail.toString().strip();
              String length = tail.startsWith("[") ? tail.substring(1, Math.max(1, tail.indexOf(']'))).strip() : null;
              types.put(m, memberType.toString().strip()
                  + (length == null ? "" : "[" + (length.matches("\\d+") ? length : "") + "]"));
            }
          } else if (tag.equals("type") && structName != null && !inMember) {
            structs.putIfAbsent(structName, new Struct(structName, structAlias, structExtends, List.copyOf(members),
                java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(types))));
            structName = null;
          } else if (tag.equals("feature") && depth == 2) {
            feature = null;
          }
          depth--;
        }
      }
    } catch (XMLStreamException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNumber();
      throw new GeneratorException(fileName + ":" + line + ": malformed xml");
    }
  }

  /** "12" for a core block of the Vulkan API numbered 1.2; null for Vulkan SC-only blocks and others. */
  static String coreVersion(String api, String number) {
    boolean vulkan = api == null || java.util.Arrays.asList(api.split(",")).contains("vulkan");
    Matcher m = NUMBER.matcher(orEmpty(number));
    return vulkan && m.matches() ? m.group(1) + m.group(2) : null;
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  /** Groups of equal names; output sorted so generated code never depends on hash order. */
  private static final class UnionFind {
    private final Map<String, String> parent = new HashMap<>();

    String find(String x) {
      parent.putIfAbsent(x, x);
      String p = parent.get(x);
      if (!p.equals(x)) {
        p = find(p);
        parent.put(x, p);
      }
      return p;
    }

    void union(String a, String b) {
      String ra = find(a);
      String rb = find(b);
      if (!ra.equals(rb)) {
        // keep the smaller name as root: deterministic regardless of insertion order
        if (ra.compareTo(rb) < 0) {
          parent.put(rb, ra);
        } else {
          parent.put(ra, rb);
        }
      }
    }

    SortedMap<String, List<String>> groups() {
      Map<String, SortedSet<String>> byRoot = new TreeMap<>();
      for (String x : new TreeSet<>(parent.keySet())) {
        byRoot.computeIfAbsent(find(x), k -> new TreeSet<>()).add(x);
      }
      SortedMap<String, List<String>> out = new TreeMap<>();
      for (SortedSet<String> group : byRoot.values()) {
        if (group.size() > 1) {
          for (String x : group) {
            out.put(x, List.copyOf(group));
          }
        }
      }
      return out;
    }
  }
}
