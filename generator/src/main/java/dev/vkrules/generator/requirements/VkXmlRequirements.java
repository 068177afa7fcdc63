package dev.vkrules.generator.requirements;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads {@code <spirvcapabilities>} and {@code <spirvextensions>} straight from vk.xml, exactly
 * as written (no overrides): the reference the requirement tables are tested against.
 *
 * <p>Each {@code <enable>} is one alternative; its form is decided by which attributes it has,
 * as Khronos' {@code spirvcapgenerator.py} does.
 */
public final class VkXmlRequirements {
  private VkXmlRequirements() {}

  public static RequirementTable read(Path vkXml) {
    try (InputStream in = Files.newInputStream(vkXml)) {
      return read(in, vkXml.getFileName().toString());
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + vkXml + ": " + e.getMessage());
    }
  }

  static RequirementTable read(InputStream in, String fileName) {
    XMLInputFactory factory = dev.vkrules.generator.Xml.inputFactory();
    List<RequirementEntry> capabilities = new ArrayList<>();
    List<RequirementEntry> extensions = new ArrayList<>();
    XMLStreamReader xml = null;
    try {
      xml = factory.createXMLStreamReader(in);
      String current = null;
      RequirementEntry.Kind kind = null;
      List<Enable> enables = new ArrayList<>();
      while (xml.hasNext()) {
        int event = xml.next();
        if (event == XMLStreamConstants.START_ELEMENT) {
          String tag = xml.getLocalName();
          if (tag.equals("spirvcapability") || tag.equals("spirvextension")) {
            current = attr(xml, "name");
            if (current.isEmpty()) {
              throw new GeneratorException(fileName + ":" + xml.getLocation().getLineNumber() + ": <" + tag + "> has no name");
            }
            kind = tag.equals("spirvcapability") ? RequirementEntry.Kind.CAPABILITY : RequirementEntry.Kind.EXTENSION;
            enables = new ArrayList<>();
          } else if (tag.equals("enable") && current != null) {
            enables.add(enable(xml, fileName, current));
          }
        } else if (event == XMLStreamConstants.END_ELEMENT && current != null) {
          String tag = xml.getLocalName();
          if (tag.equals("spirvcapability") || tag.equals("spirvextension")) {
            RequirementEntry entry = new RequirementEntry(kind, current, enables, List.of());
            (kind == RequirementEntry.Kind.CAPABILITY ? capabilities : extensions).add(entry);
            current = null;
          }
        }
      }
    } catch (XMLStreamException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNumber();
      throw new GeneratorException(fileName + ":" + line + ": malformed xml: " + firstLine(e.getMessage()));
    } finally {
      if (xml != null) {
        try {
          xml.close();
        } catch (XMLStreamException ignored) {
          // closing a reader over a stream we close ourselves cannot lose data
        }
      }
    }
    return new RequirementTable(capabilities, extensions);
  }

  private static Enable enable(XMLStreamReader xml, String fileName, String owner) {
    String version = attr(xml, "version");
    String extension = attr(xml, "extension");
    String struct = attr(xml, "struct");
    String property = attr(xml, "property");
    List<String> requires = split(attr(xml, "requires"));
    if (!version.isEmpty()) {
      return Enable.version(version);
    }
    if (!extension.isEmpty()) {
      return Enable.extension(extension);
    }
    if (!struct.isEmpty() && !attr(xml, "feature").isEmpty()) {
      return Enable.feature(struct, attr(xml, "feature"), requires, attr(xml, "alias"));
    }
    if (!property.isEmpty() && !attr(xml, "member").isEmpty() && !attr(xml, "value").isEmpty()) {
      return Enable.property(property, attr(xml, "member"), attr(xml, "value"), requires);
    }
    throw new GeneratorException(fileName + ":" + xml.getLocation().getLineNumber() + ": <enable> of '" + owner
        + "' has none of the forms version, extension, struct+feature, property+member+value");
  }

  private static String attr(XMLStreamReader xml, String name) {
    String v = xml.getAttributeValue(null, name);
    return v == null ? "" : v.strip();
  }

  static List<String> split(String commaList) {
    if (commaList.isEmpty()) {
      return List.of();
    }
    return Arrays.stream(commaList.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unknown error";
    }
    int nl = message.lastIndexOf("Message: ");
    String m = nl >= 0 ? message.substring(nl + 9) : message;
    return m.lines().findFirst().orElse(m).strip();
  }
}
