package dev.vkrules.generator.rules;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The component count of the VkFormat that corresponds to each SPIR-V Image Format, from
 * vk.xml: a {@code <format>} holding {@code <spirvimageformat name="X"/>} is the row of the
 * appendix's "SPIR-V Image Format compatibility table" for X, and its {@code <component>}
 * children are the format's components. Backs the {@code format-components} field.
 */
final class FormatComponents {
  private static final Map<Path, Map<String, Integer>> CACHE = new ConcurrentHashMap<>();

  private FormatComponents() {}

  /** By SPIR-V Image Format name, for the project holding {@code tablesDir} (its {@code spec-sources/vk.xml}). */
  static Map<String, Integer> forTables(Path tablesDir) {
    Path vkXml = tablesDir.toAbsolutePath().normalize().getParent().getParent().resolve("spec-sources").resolve("vk.xml");
    return CACHE.computeIfAbsent(vkXml, FormatComponents::load);
  }

  static Map<String, Integer> load(Path vkXml) {
    Map<String, Integer> out = new TreeMap<>();
    XMLInputFactory factory = dev.vkrules.generator.Xml.inputFactory();
    try (InputStream in = Files.newInputStream(vkXml)) {
      XMLStreamReader xml = factory.createXMLStreamReader(in);
      int components = -1;
      while (xml.hasNext()) {
        int event = xml.next();
        if (event == XMLStreamConstants.START_ELEMENT) {
          switch (xml.getLocalName()) {
            case "format" -> components = 0;
            case "component" -> components += components >= 0 ? 1 : 0;
            case "spirvimageformat" -> {
              if (components > 0) {
                out.merge(xml.getAttributeValue(null, "name"), components, Math::min);
              }
            }
            default -> { }
          }
        } else if (event == XMLStreamConstants.END_ELEMENT && xml.getLocalName().equals("format")) {
          components = -1;
        }
      }
    } catch (IOException | XMLStreamException e) {
      throw new GeneratorException("cannot read " + vkXml + ": " + e.getMessage());
    }
    return out;
  }
}
