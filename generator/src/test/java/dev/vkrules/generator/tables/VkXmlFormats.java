package dev.vkrules.generator.tables;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/** Test reference: the SPIR-V image format names of vk.xml, in order of first appearance. */
final class VkXmlFormats {
  private VkXmlFormats() {}

  static List<String> spirvImageFormats(Path vkXml) {
    List<String> names = new ArrayList<>();
    try (InputStream in = Files.newInputStream(vkXml)) {
      XMLInputFactory f = XMLInputFactory.newFactory();
      f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
      XMLStreamReader xml = f.createXMLStreamReader(in);
      boolean inFormat = false;
      while (xml.hasNext()) {
        int e = xml.next();
        if (e == XMLStreamConstants.START_ELEMENT && xml.getLocalName().equals("format")) {
          inFormat = true;
        } else if (e == XMLStreamConstants.END_ELEMENT && xml.getLocalName().equals("format")) {
          inFormat = false;
        } else if (e == XMLStreamConstants.START_ELEMENT && inFormat && xml.getLocalName().equals("spirvimageformat")) {
          String name = xml.getAttributeValue(null, "name");
          if (!names.contains(name)) {
            names.add(name);
          }
        }
      }
    } catch (IOException | XMLStreamException e) {
      throw new IllegalStateException(e);
    }
    return names;
  }
}
