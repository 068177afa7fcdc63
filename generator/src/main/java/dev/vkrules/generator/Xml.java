package dev.vkrules.generator;

import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;

/** The one way the generator reads XML (vk.xml, the SPIR-V grammar's registry, Surefire reports). */
public final class Xml {
  private Xml() {}

  /**
   * A StAX factory that reads no DTD and resolves no entity: the registry and the reports need
   * neither, and refusing them refuses XXE and entity expansion ("billion laughs") at once.
   */
  public static XMLInputFactory inputFactory() {
    XMLInputFactory factory = XMLInputFactory.newFactory();
    factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    return factory;
  }
}
