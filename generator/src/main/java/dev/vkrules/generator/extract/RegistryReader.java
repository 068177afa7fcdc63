package dev.vkrules.generator.extract;

import dev.vkrules.generator.extract.RegistryTables.Enable;
import dev.vkrules.generator.extract.RegistryTables.ExtensionEnable;
import dev.vkrules.generator.extract.RegistryTables.FeatureEnable;
import dev.vkrules.generator.extract.RegistryTables.ImageFormat;
import dev.vkrules.generator.extract.RegistryTables.PropertyEnable;
import dev.vkrules.generator.extract.RegistryTables.SpirvEntry;
import dev.vkrules.generator.extract.RegistryTables.VersionEnable;
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
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The XML side of extraction: reads {@code <spirvcapabilities>}, {@code <spirvextensions>}
 * and the {@code <spirvimageformat>} children of {@code <format>} from vk.xml in one
 * streaming pass (vk.xml is large; a DOM would cost more than the few elements read).
 */
public final class RegistryReader {
  private static final Pattern HEADER_VERSION = Pattern.compile("#define\\s+VK_HEADER_VERSION\\s+(\\d+)");
  private static final Pattern COMPLETE_VERSION = Pattern.compile(
      "#define\\s+VK_HEADER_VERSION_COMPLETE\\s+VK_MAKE_API_VERSION\\(\\s*(\\d+),\\s*(\\d+),\\s*(\\d+),\\s*VK_HEADER_VERSION\\s*\\)");
  private RegistryReader() {}

  /** Reads {@code file}; {@code name} is how positions name it ({@code vk.xml}). */
  public static RegistryTables read(Path file, String name) {
    try (InputStream in = Files.newInputStream(file)) {
      return read(in, name);
    } catch (IOException e) {
      throw new SpecSyntaxException("cannot read " + name + ": " + e.getMessage(), name);
    }
  }

  static RegistryTables read(InputStream in, String name) {
    XMLInputFactory factory = dev.vkrules.generator.Xml.inputFactory();
    XMLStreamReader xml = null;
    try {
      xml = factory.createXMLStreamReader(in, "UTF-8");
      return read(xml, name);
    } catch (XMLStreamException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNumber();
      throw new SpecSyntaxException("malformed XML: " + reason(e), name, line);
    } finally {
      if (xml != null) {
        try {
          xml.close();
        } catch (XMLStreamException ignored) {
          // Closing after a parse error has nothing left to report.
        }
      }
    }
  }

  private static RegistryTables read(XMLStreamReader xml, String name) throws XMLStreamException {
    List<SpirvEntry> capabilities = new ArrayList<>();
    List<SpirvEntry> extensions = new ArrayList<>();
    Map<String, List<String>> formats = new LinkedHashMap<>();
    String currentFormat = null;
    String entryName = null;
    int entryLine = 0;
    List<Enable> enables = null;
    StringBuilder define = null;
    int nestedTypes = 0;
    String headerVersion = "";
    String completeVersion = "";
    java.util.SortedSet<String> buildAttributes = new TreeSet<>();
    while (xml.hasNext()) {
      int event = xml.next();
      if (event == XMLStreamConstants.START_ELEMENT) {
        int line = xml.getLocation().getLineNumber();
        switch (xml.getLocalName()) {
          case "spirvcapability", "spirvextension" -> {
            entryName = required(xml, "name", name, line);
            entryLine = line;
            enables = new ArrayList<>();
          }
          case "enable" -> {
            if (enables == null) {
              throw new SpecSyntaxException("<enable> outside <spirvcapability> or <spirvextension>", name, line);
            }
            enables.add(enable(xml, name, line));
          }
          case "format" -> currentFormat = xml.getAttributeValue(null, "name");
          case "feature" -> {
            // Core versions (<feature name="VK_VERSION_1_3" api="vulkan,...">); the feature
            // lists inside <require> have no api and no number.
            String api = xml.getAttributeValue(null, "api");
            if (api != null && forVulkan(api)) {
              buildAttributes.add(required(xml, "name", name, line));
            }
          }
          case "extension" -> {
            String supported = xml.getAttributeValue(null, "supported");
            if (supported != null && forVulkan(supported)) {
              buildAttributes.add(required(xml, "name", name, line));
            }
          }
          case "type" -> {
            if (define != null) {
              nestedTypes++;
            } else if ("define".equals(xml.getAttributeValue(null, "category")) && forVulkan(xml.getAttributeValue(null, "api"))) {
              define = new StringBuilder();
            }
          }
          case "spirvimageformat" -> {
            if (currentFormat == null) {
              throw new SpecSyntaxException("<spirvimageformat> outside <format>", name, line);
            }
            formats.computeIfAbsent(required(xml, "name", name, line), k -> new ArrayList<>()).add(currentFormat);
          }
          default -> { }
        }
      } else if (define != null && (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA)) {
        define.append(xml.getText());
      } else if (event == XMLStreamConstants.END_ELEMENT) {
        switch (xml.getLocalName()) {
          case "type" -> {
            if (define != null && nestedTypes > 0) {
              nestedTypes--;
            } else if (define != null) {
              Matcher complete = COMPLETE_VERSION.matcher(define);
              Matcher header = HEADER_VERSION.matcher(define);
              if (complete.find()) {
                completeVersion = complete.group(2) + "." + complete.group(3);
              } else if (header.find()) {
                headerVersion = header.group(1);
              }
              define = null;
            }
          }
          case "spirvcapability" -> {
            capabilities.add(new SpirvEntry(entryName, entryLine, enables));
            enables = null;
          }
          case "spirvextension" -> {
            extensions.add(new SpirvEntry(entryName, entryLine, enables));
            enables = null;
          }
          case "format" -> currentFormat = null;
          default -> { }
        }
      }
    }
    List<ImageFormat> imageFormats = new ArrayList<>();
    formats.forEach((format, vkFormats) -> imageFormats.add(new ImageFormat(format, vkFormats)));
    String apiVersion = completeVersion.isEmpty() || headerVersion.isEmpty() ? "" : completeVersion + "." + headerVersion;
    return new RegistryTables(capabilities, extensions, imageFormats, apiVersion, buildAttributes);
  }

  /**
   * Whether an {@code api}/{@code supported} list names Vulkan itself; absent means every API.
   * Vulkan SC's defines ({@code VK_HEADER_VERSION} 20 of {@code VKSC_API_VARIANT}) and its
   * SC-only extensions are not Vulkan's.
   */
  private static boolean forVulkan(String apis) {
    return apis == null || Arrays.asList(apis.split(",")).contains("vulkan");
  }

  /** One {@code <enable>} in whichever of its four forms it is written. */
  private static Enable enable(XMLStreamReader xml, String name, int line) {
    String version = xml.getAttributeValue(null, "version");
    String extension = xml.getAttributeValue(null, "extension");
    String struct = xml.getAttributeValue(null, "struct");
    String property = xml.getAttributeValue(null, "property");
    int forms = (version != null ? 1 : 0) + (extension != null ? 1 : 0) + (struct != null ? 1 : 0)
        + (property != null ? 1 : 0);
    if (forms != 1) {
      throw new SpecSyntaxException("<enable> needs exactly one of version, extension, struct or property",
          name, line);
    }
    if (version != null) {
      return new VersionEnable(version);
    }
    if (extension != null) {
      return new ExtensionEnable(extension);
    }
    String requires = orEmpty(xml.getAttributeValue(null, "requires"));
    if (struct != null) {
      return new FeatureEnable(struct, required(xml, "feature", name, line), requires,
          orEmpty(xml.getAttributeValue(null, "alias")));
    }
    return new PropertyEnable(property, required(xml, "member", name, line),
        required(xml, "value", name, line), requires);
  }

  private static String required(XMLStreamReader xml, String attribute, String name, int line) {
    String value = xml.getAttributeValue(null, attribute);
    if (value == null || value.isEmpty()) {
      throw new SpecSyntaxException("<" + xml.getLocalName() + "> without " + attribute, name, line);
    }
    return value;
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  /** The parser's complaint without its position prefix or final period. */
  private static String reason(XMLStreamException e) {
    String message = e.getMessage() == null ? "unreadable" : e.getMessage();
    int at = message.indexOf("Message: ");
    if (at >= 0) {
      message = message.substring(at + "Message: ".length());
    }
    message = message.replace('\n', ' ').strip();
    return message.endsWith(".") ? message.substring(0, message.length() - 1) : message;
  }
}
