package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.NodeList;

/**
 * The tables built from vk.xml, as written to rules/tables/*.yaml, checked row by row
 * against vk.xml read another way (DOM + XPath instead of the extractor's streaming reader).
 */
class RegistryTablesTest {
  private static Document registry;
  private static XPath xpath;
  private static Map<String, String> files;

  @BeforeAll
  static void load() throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    registry = factory.newDocumentBuilder().parse(Extraction.specSourcesDir().resolve("vk.xml").toFile());
    xpath = XPathFactory.newInstance().newXPath();
    files = TableFiles.render(Extraction.specSources());
  }

  private static NodeList nodes(String expression) throws Exception {
    return (NodeList) xpath.evaluate(expression, registry, XPathConstants.NODESET);
  }

  /** Each entry's enables as attribute maps, as vk.xml writes them, in order. */
  private static Map<String, List<Map<String, String>>> fromXml(String element) throws Exception {
    Map<String, List<Map<String, String>>> out = new LinkedHashMap<>();
    String container = element.equals("spirvcapability") ? "spirvcapabilities" : "spirvextensions";
    NodeList entries = nodes("/registry/" + container + "/" + element);
    for (int i = 0; i < entries.getLength(); i++) {
      Element e = (Element) entries.item(i);
      List<Map<String, String>> enables = new ArrayList<>();
      NodeList children = (NodeList) xpath.evaluate("enable", e, XPathConstants.NODESET);
      for (int j = 0; j < children.getLength(); j++) {
        NamedNodeMap attrs = children.item(j).getAttributes();
        Map<String, String> map = new LinkedHashMap<>();
        for (int k = 0; k < attrs.getLength(); k++) {
          map.put(attrs.item(k).getNodeName(), attrs.item(k).getNodeValue());
        }
        enables.add(map);
      }
      out.put(e.getAttribute("name"), enables);
    }
    return out;
  }

  /** The same from a written table file, without the derived {@code condition} field. */
  private static Map<String, List<Map<String, String>>> fromYaml(String file, String list) throws Exception {
    JsonNode root = Yaml.MAPPER.readTree(files.get(file));
    Map<String, List<Map<String, String>>> out = new LinkedHashMap<>();
    for (JsonNode entry : root.get(list)) {
      List<Map<String, String>> enables = new ArrayList<>();
      for (JsonNode enable : entry.get("enables")) {
        Map<String, String> map = new LinkedHashMap<>();
        enable.fields().forEachRemaining(f -> {
          if (!f.getKey().equals("condition")) {
            map.put(f.getKey(), f.getValue().asText());
          }
        });
        enables.add(map);
      }
      out.put(entry.get("name").asText(), enables);
    }
    return out;
  }

  @Test
  void capabilitiesMatchVkXmlRowByRow() throws Exception {
    Map<String, List<Map<String, String>>> xml = fromXml("spirvcapability");
    Map<String, List<Map<String, String>>> yaml = fromYaml("capabilities.yaml", "capabilities");
    assertEquals(List.copyOf(xml.keySet()), List.copyOf(yaml.keySet()), "capabilities, in order");
    xml.forEach((name, enables) -> assertEquals(enables, yaml.get(name), name));
    // every <spirvcapability> of the pinned registry, none merged or dropped
    assertEquals(nodes("/registry/spirvcapabilities/spirvcapability").getLength(), yaml.size());
  }

  @Test
  void extensionsMatchVkXmlRowByRow() throws Exception {
    Map<String, List<Map<String, String>>> xml = fromXml("spirvextension");
    Map<String, List<Map<String, String>>> yaml = fromYaml("extensions.yaml", "extensions");
    assertEquals(List.copyOf(xml.keySet()), List.copyOf(yaml.keySet()), "extensions, in order");
    xml.forEach((name, enables) -> assertEquals(enables, yaml.get(name), name));
    assertEquals(nodes("/registry/spirvextensions/spirvextension").getLength(), yaml.size());
  }

  @Test
  void everyEnableIsWritten() throws Exception {
    int xml = nodes("/registry/spirvcapabilities/spirvcapability/enable").getLength()
        + nodes("/registry/spirvextensions/spirvextension/enable").getLength();
    assertEquals(xml, Extraction.specSources().registry().enableCount());
    // every <enable> of the registry sits in one of the two tables
    assertEquals(nodes("//enable").getLength(), xml);
  }

  @Test
  void enableConditionsAreTheirGuards() throws Exception {
    for (String file : List.of("capabilities.yaml", "extensions.yaml")) {
      JsonNode root = Yaml.MAPPER.readTree(files.get(file));
      for (JsonNode entry : root.get(file.replace(".yaml", ""))) {
        for (JsonNode e : entry.get("enables")) {
          String expected = e.has("version") ? e.get("version").asText()
              : e.has("extension") ? e.get("extension").asText() : e.get("requires").asText();
          assertEquals(expected, e.get("condition").asText(), entry.get("name").asText());
        }
      }
    }
  }

  @Test
  void imageFormatsMatchVkXml() throws Exception {
    Map<String, List<String>> xml = new LinkedHashMap<>();
    NodeList formats = nodes("/registry/formats/format[spirvimageformat]");
    for (int i = 0; i < formats.getLength(); i++) {
      Element format = (Element) formats.item(i);
      NodeList spirv = format.getElementsByTagName("spirvimageformat");
      for (int j = 0; j < spirv.getLength(); j++) {
        xml.computeIfAbsent(((Element) spirv.item(j)).getAttribute("name"), k -> new ArrayList<>())
            .add(format.getAttribute("name"));
      }
    }
    JsonNode root = Yaml.MAPPER.readTree(files.get("image-formats.yaml"));
    Map<String, List<String>> yaml = new LinkedHashMap<>();
    for (JsonNode f : root.get("image-formats")) {
      List<String> vk = new ArrayList<>();
      f.get("vk-formats").forEach(n -> vk.add(n.asText()));
      yaml.put(f.get("name").asText(), vk);
    }
    assertEquals(xml, yaml);
    java.util.Set<String> names = new java.util.HashSet<>();
    NodeList all = nodes("//spirvimageformat");
    for (int i = 0; i < all.getLength(); i++) {
      names.add(((Element) all.item(i)).getAttribute("name"));
    }
    assertEquals(names.size(), yaml.size());
    assertEquals(nodes("//spirvimageformat").getLength(), yaml.values().stream().mapToInt(List::size).sum());
  }

  @Test
  void generatedTablesNameTheirPlaceInTheAppendix() throws Exception {
    for (String file : List.of("capabilities.yaml", "extensions.yaml", "image-formats.yaml")) {
      JsonNode appendix = Yaml.MAPPER.readTree(files.get(file)).get("appendix");
      assertEquals(true, appendix != null && appendix.get("include").asText().startsWith("{generated}/"), file);
    }
  }
}
