package dev.vkrules.generator.requirements;

import dev.vkrules.generator.GeneratorException;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Which core versions and device extensions of vk.xml provide each device structure: a
 * structure named in a {@code <require>} of a Vulkan version block ({@code VK_VERSION_1_3}, or
 * since 1.4.3xx {@code VK_BASE_VERSION_1_3} and its siblings, all written {@code VK_VERSION_1_3})
 * or of a supported Vulkan extension. Aliases share their providers: the KHR name of a promoted
 * structure is provided by the version as well as by the extension. A device that has none of a
 * structure's providers cannot state it, so a limit in it is absent, not unknown.
 */
public final class VkXmlProviders {
  private static final Pattern NUMBER = Pattern.compile("(\\d+)\\.(\\d+)");

  private VkXmlProviders() {}

  /** Structure name (aliases included, only those in {@code structs}) to its sorted providers. */
  public static SortedMap<String, List<String>> providers(Path vkXml, Set<String> structs) {
    try (InputStream in = Files.newInputStream(vkXml)) {
      return providers(in, vkXml.getFileName().toString(), structs);
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + vkXml + ": " + e.getMessage());
    }
  }

  static SortedMap<String, List<String>> providers(InputStream in, String fileName, Set<String> structs) {
    Map<String, SortedSet<String>> direct = new TreeMap<>();
    Map<String, String> aliasOf = new TreeMap<>();
    XMLInputFactory factory = dev.vkrules.generator.Xml.inputFactory();
    try {
      XMLStreamReader xml = factory.createXMLStreamReader(in);
      String provider = null;
      int depth = 0;
      int providerDepth = -1;
      while (xml.hasNext()) {
        int event = xml.next();
        if (event == XMLStreamConstants.START_ELEMENT) {
          depth++;
          String tag = xml.getLocalName();
          if (tag.equals("type") && "struct".equals(xml.getAttributeValue(null, "category"))
              && xml.getAttributeValue(null, "alias") != null) {
            aliasOf.put(xml.getAttributeValue(null, "name"), xml.getAttributeValue(null, "alias"));
          } else if (tag.equals("feature") && depth == 2) {
            provider = version(xml.getAttributeValue(null, "api"), xml.getAttributeValue(null, "number"));
            providerDepth = depth;
          } else if (tag.equals("extension") && depth == 3) {
            provider = vulkan(xml.getAttributeValue(null, "supported")) ? xml.getAttributeValue(null, "name") : null;
            providerDepth = depth;
          } else if (tag.equals("type") && provider != null && depth > providerDepth) {
            String name = xml.getAttributeValue(null, "name");
            if (name != null) {
              direct.computeIfAbsent(name, k -> new TreeSet<>()).add(provider);
            }
          }
        } else if (event == XMLStreamConstants.END_ELEMENT) {
          if (depth == providerDepth) {
            provider = null;
            providerDepth = -1;
          }
          depth--;
        }
      }
    } catch (XMLStreamException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNumber();
      throw new GeneratorException(fileName + ":" + line + ": malformed xml");
    }
    // an alias group (a structure and every alias of it) shares the union of its providers
    Map<String, SortedSet<String>> byTarget = new TreeMap<>();
    for (Map.Entry<String, SortedSet<String>> e : direct.entrySet()) {
      byTarget.computeIfAbsent(aliasOf.getOrDefault(e.getKey(), e.getKey()), k -> new TreeSet<>()).addAll(e.getValue());
    }
    SortedMap<String, List<String>> out = new TreeMap<>();
    for (String s : structs) {
      SortedSet<String> p = byTarget.get(aliasOf.getOrDefault(s, s));
      if (p != null && !p.isEmpty()) {
        out.put(s, List.copyOf(new ArrayList<>(p)));
      }
    }
    return out;
  }

  /** {@code VK_VERSION_1_2} for a Vulkan block numbered 1.2; null for Vulkan SC-only blocks. */
  private static String version(String api, String number) {
    boolean vulkan = api == null || List.of(api.split(",")).contains("vulkan");
    Matcher m = NUMBER.matcher(number == null ? "" : number);
    return vulkan && m.matches() ? "VK_VERSION_" + m.group(1) + "_" + m.group(2) : null;
  }

  private static boolean vulkan(String supported) {
    return supported != null && List.of(supported.split(",")).contains("vulkan");
  }
}
