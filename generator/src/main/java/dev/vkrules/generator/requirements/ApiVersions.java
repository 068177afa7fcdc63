package dev.vkrules.generator.requirements;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Which spec attributes are API versions, read from vk.xml's version blocks
 * ({@code <feature api="vulkan,vulkansc" name="VK_VERSION_1_2" number="1.2">}, children of
 * {@code <registry>}). The spec build defines the attribute of every block of its API up to the
 * version it builds, so the appendix's {@code ifdef::VK_COMPUTE_VERSION_1_2[]} (1.4.3xx splits
 * versions into base, compute and graphics blocks) means "Vulkan 1.2 or later", and
 * {@code ifdef::VKSC_VERSION_1_0[]} (a block of the {@code vulkansc} API only) never holds for
 * Vulkan. Any other attribute names an extension.
 */
public final class ApiVersions {
  /** The API vkrules validates for. */
  public static final String VULKAN = "vulkan";
  private static final Pattern NUMBER = Pattern.compile("(\\d+)\\.(\\d+)");

  /** One version block: the APIs it belongs to and its version number. */
  public record Block(String name, Set<String> apis, int major, int minor) {
    /** Whether a build of {@code api} at version {@code major.minor} defines this block's attribute. */
    public boolean definedFor(String api, int targetMajor, int targetMinor) {
      return apis.contains(api) && (major < targetMajor || (major == targetMajor && minor <= targetMinor));
    }
  }

  private final SortedMap<String, Block> blocks;

  public ApiVersions(Map<String, Block> blocks) {
    this.blocks = Collections.unmodifiableSortedMap(new TreeMap<>(blocks));
  }

  /** Version blocks by attribute name. */
  public SortedMap<String, Block> blocks() {
    return blocks;
  }

  /** Whether an attribute names a version block (of any API). */
  public boolean isVersion(String attribute) {
    return blocks.containsKey(attribute);
  }

  /** The {@code major.minor} versions of the Vulkan API, oldest first ({@code 1.0}, ...). */
  public Set<String> vulkanVersions() {
    Set<String> out = new TreeSet<>();
    blocks.values().stream().filter(b -> b.apis().contains(VULKAN)).forEach(b -> out.add(b.major() + "." + b.minor()));
    return out;
  }

  public static ApiVersions read(Path vkXml) {
    try (InputStream in = Files.newInputStream(vkXml)) {
      return read(in, vkXml.getFileName().toString());
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + vkXml + ": " + e.getMessage());
    }
  }

  static ApiVersions read(InputStream in, String fileName) {
    XMLInputFactory factory = dev.vkrules.generator.Xml.inputFactory();
    Map<String, Block> blocks = new TreeMap<>();
    try {
      XMLStreamReader xml = factory.createXMLStreamReader(in);
      int depth = 0;
      while (xml.hasNext()) {
        int event = xml.next();
        if (event == XMLStreamConstants.START_ELEMENT) {
          depth++;
          // only children of <registry>: a <require> of 1.4.3xx also holds <feature name= struct=/>
          if (depth == 2 && xml.getLocalName().equals("feature")) {
            String name = xml.getAttributeValue(null, "name");
            String api = xml.getAttributeValue(null, "api");
            Matcher m = NUMBER.matcher(String.valueOf(xml.getAttributeValue(null, "number")));
            if (name == null || !m.matches()) {
              throw new GeneratorException(fileName + ":" + xml.getLocation().getLineNumber()
                  + ": <feature> without a name or a major.minor number");
            }
            // registries before the api attribute (1.2.1xx) describe Vulkan only
            Set<String> apis = api == null ? Set.of(VULKAN) : Set.copyOf(Arrays.asList(api.split(",")));
            blocks.put(name, new Block(name, apis, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))));
          }
        } else if (event == XMLStreamConstants.END_ELEMENT) {
          depth--;
        }
      }
    } catch (XMLStreamException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNumber();
      throw new GeneratorException(fileName + ":" + line + ": malformed xml");
    }
    if (blocks.values().stream().noneMatch(b -> b.apis().contains(VULKAN))) {
      throw new GeneratorException(fileName + ": no <feature> version block of the vulkan API");
    }
    return new ApiVersions(blocks);
  }
}
