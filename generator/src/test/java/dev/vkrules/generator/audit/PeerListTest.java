package dev.vkrules.generator.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The peer list follows the pinned release through the oracle registry, never a name in the code. */
class PeerListTest {
  @TempDir Path dir;

  private Path registry(String rows) throws IOException {
    Files.writeString(dir.resolve("spirv-tools-releases.tsv"),
        "# comment\nrelease\tspirv-tools\tshared-dir\tvuids\tsource\n" + rows);
    Files.writeString(dir.resolve("spirv-val-9.9.vuids"), "# provenance\nVUID-StandaloneSpirv-None-04633\n");
    return dir;
  }

  @Test
  void theReleaseOfARegistryComesFromItsHeaderDefines() throws IOException {
    Path xml = dir.resolve("vk.xml");
    // the registry's own markup of the two defines
    Files.writeString(xml, "<registry><types><type category=\"define\">// Version of this file\n"
        + "#define <name>VK_HEADER_VERSION</name> 357</type>\n<type category=\"define\">// Complete version\n"
        + "#define <name>VK_HEADER_VERSION_COMPLETE</name> <type>VK_MAKE_API_VERSION</type>(0, 1, 4, VK_HEADER_VERSION)"
        + "</type></types></registry>\n");
    assertEquals("1.4.357", PeerList.release(xml));
  }

  @Test
  void aRegisteredReleaseGetsItsList() throws IOException {
    PeerList p = PeerList.forRelease(registry("1.4.999\tv9.9\t-\tspirv-val-9.9.vuids\tsomewhere\n"), "1.4.999");
    assertEquals("spirv-val-9.9.vuids", p.name());
    assertTrue(p.knows("VUID-StandaloneSpirv-None-04633"));
  }

  @Test
  void aReleaseWithoutARowIsAnEmptyListNamedForWhatIsMissing() throws IOException {
    PeerList p = PeerList.forRelease(registry("1.4.999\tv9.9\t-\tspirv-val-9.9.vuids\tsomewhere\n"), "1.5.1");
    assertFalse(p.knows("VUID-StandaloneSpirv-None-04633"));
    assertTrue(p.name().contains("1.5.1"), p.name());
  }
}
