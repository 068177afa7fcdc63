package dev.vkrules.generator.grammar;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Reads the SPIR-V tool ids (the high 16 bits of a module's generator word) from the
 * registry {@code spir-v.xml}: {@code <ids type="vendor">} holds one {@code <id value vendor
 * tool?>} per registered tool.
 */
public final class GeneratorToolsReader {
  static final String FILE = "spir-v.xml";

  /**
   * One registered tool. {@code display} is how spirv-dis names it: vendor and tool name
   * joined by a space, or the vendor alone when the registry names no tool.
   */
  public record Tool(int id, String vendor, String tool) {
    public String display() {
      return tool.isEmpty() ? vendor : vendor + " " + tool;
    }
  }

  /** The tools of {@code specSources/spir-v.xml}, sorted by id. */
  public List<Tool> read(Path specSources) {
    Path file = specSources.resolve(FILE);
    Document doc;
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      doc = f.newDocumentBuilder().parse(file.toFile());
    } catch (SAXParseException e) {
      throw new GeneratorException(FILE + ":" + e.getLineNumber() + ":" + e.getColumnNumber() + ": " + e.getMessage());
    } catch (IOException | SAXException | ParserConfigurationException e) {
      throw new GeneratorException("cannot read " + file + ": " + e.getMessage());
    }
    List<Tool> tools = new ArrayList<>();
    Set<Integer> seen = new HashSet<>();
    NodeList groups = doc.getDocumentElement().getElementsByTagName("ids");
    for (int g = 0; g < groups.getLength(); g++) {
      Element group = (Element) groups.item(g);
      if (!group.getAttribute("type").equals("vendor")) {
        continue;
      }
      NodeList ids = group.getElementsByTagName("id");
      for (int i = 0; i < ids.getLength(); i++) {
        Element id = (Element) ids.item(i);
        int value = value(id);
        if (id.getAttribute("vendor").isEmpty()) {
          throw new GeneratorException(FILE + ": tool id " + value + " has no vendor");
        }
        if (!seen.add(value)) {
          throw new GeneratorException(FILE + ": tool id " + value + " is registered twice");
        }
        tools.add(new Tool(value, id.getAttribute("vendor"), id.getAttribute("tool")));
      }
    }
    if (tools.isEmpty()) {
      throw new GeneratorException(FILE + ": no <ids type=\"vendor\"> with tool ids");
    }
    tools.sort(Comparator.comparingInt(Tool::id));
    return List.copyOf(tools);
  }

  private static int value(Element id) {
    String v = id.getAttribute("value");
    try {
      int n = Integer.decode(v);
      if (n < 0 || n > 0xffff) {
        throw new GeneratorException(FILE + ": tool id '" + v + "' is not in 0..65535");
      }
      return n;
    } catch (NumberFormatException e) {
      throw new GeneratorException(FILE + ": tool id '" + v + "' is not a number");
    }
  }
}
