package dev.vkrules.generator.requirements;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/** The extension names a vk.xml registers ({@code <extensions><extension name=...>}), to check names a user types. */
public final class VkXmlExtensions {
  private VkXmlExtensions() {}

  public static SortedSet<String> read(Path vkXml) {
    XMLInputFactory factory = dev.vkrules.generator.Xml.inputFactory();
    SortedSet<String> names = new TreeSet<>();
    try (InputStream in = Files.newInputStream(vkXml)) {
      XMLStreamReader xml = factory.createXMLStreamReader(in);
      int depth = 0;
      while (xml.hasNext()) {
        int event = xml.next();
        if (event == XMLStreamConstants.START_ELEMENT) {
          depth++;
          // <registry><extensions><extension name=...>: depth 3
          if (depth == 3 && xml.getLocalName().equals("extension")) {
            String name = xml.getAttributeValue(null, "name");
            if (name != null) {
              names.add(name);
            }
          }
        } else if (event == XMLStreamConstants.END_ELEMENT) {
          depth--;
        }
      }
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + vkXml + ": " + e.getMessage());
    } catch (XMLStreamException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNumber();
      throw new GeneratorException(vkXml + ":" + line + ": malformed xml");
    }
    return Collections.unmodifiableSortedSet(names);
  }
}
