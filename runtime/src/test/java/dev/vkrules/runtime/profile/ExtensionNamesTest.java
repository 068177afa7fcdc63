package dev.vkrules.runtime.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.requirements.ExtensionNameTable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Extension names of a device description against the pinned vk.xml: a loose spelling
 * (an underscore before a digit, as the layers' harvested profiles and real device reports write
 * {@code VK_KHR_maintenance_4}) is read as the one vk.xml name it stands for, with a warning
 * naming both; any other unknown name is a warning with the near names and matches nothing.
 * Names come from the generated table of vk.xml, not typed here.
 */
class ExtensionNamesTest {
  /** A letter followed by a digit: where a loose spelling puts an underscore. */
  private static final Pattern LETTER_DIGIT = Pattern.compile("(?<=[a-z])(?=[0-9])");

  private static DeviceProfile profile(String extension) throws ProfileException {
    String json = "{\"capabilities\": {\"b\": {\"extensions\": {\"" + extension + "\": 1}}},\n"
        + " \"profiles\": {\"P\": {\"api-version\": \"1.2.0\", \"capabilities\": [\"b\"]}}}";
    return ProfileReader.parse(json.getBytes(StandardCharsets.UTF_8), null);
  }

  /** The vk.xml names with a letter followed by a digit ({@code VK_KHR_maintenance4}), with their loose spelling. */
  private static List<String[]> looselySpelt() {
    List<String[]> out = new ArrayList<>();
    for (String n : ExtensionNameTable.NAMES) {
      Matcher m = LETTER_DIGIT.matcher(n);
      if (m.find()) {
        out.add(new String[] {n, m.replaceAll("_")});
      }
    }
    return out;
  }

  @Test
  void aLooseSpellingIsReadAsTheExtensionWithAWarningNamingBoth() throws Exception {
    List<String[]> loose = looselySpelt();
    assertTrue(loose.size() > 20, "vk.xml names with a digit after a letter: " + loose.size());
    for (String[] l : loose) {
      assertFalse(ExtensionNames.known(l[1]), l[1]);
      DeviceProfile p = profile(l[1]);
      assertEquals(List.of(l[0]), List.copyOf(p.variants().get(0).extensions()), l[1]);
      assertEquals(List.of("1:40: extension '" + l[1] + "' is not in the pinned vk.xml; read as " + l[0]), p.warnings());
      assertTrue(new DescriptionView("P", p.variants().get(0), dev.vkrules.runtime.requirements.StructEquivalenceTable
          .EQUIVALENCES).extension(l[0]), l[0]);
    }
  }

  @Test
  void aKnownNameGivesNoWarning() throws Exception {
    String name = looselySpelt().get(0)[0];
    DeviceProfile p = profile(name);
    assertEquals(List.of(), p.warnings());
    assertEquals(List.of(name), List.copyOf(p.variants().get(0).extensions()));
  }

  @Test
  void anyOtherUnknownNameIsKeptAsWrittenWithTheNearNames() throws Exception {
    String real = looselySpelt().get(0)[0];
    // a letter dropped: not a loose spelling, so not read as the extension
    String typo = real.substring(0, real.length() - 2) + real.substring(real.length() - 1);
    assertNull(ExtensionNames.canonical(typo), typo);
    DeviceProfile p = profile(typo);
    assertEquals(List.of(typo), List.copyOf(p.variants().get(0).extensions()));
    assertEquals(1, p.warnings().size(), p.warnings().toString());
    String w = p.warnings().get(0);
    assertTrue(w.startsWith("1:40: extension '" + typo + "' is not in the pinned vk.xml; no rule reads it; near: "), w);
    assertTrue(w.substring(w.indexOf("near: ")).contains(real), w);
    // far from every name: no near names
    assertEquals(List.of("1:40: extension 'VK_X' is not in the pinned vk.xml; no rule reads it"), profile("VK_X").warnings());
  }

  @Test
  void noTwoVkXmlNamesAreAlikeWithoutTheirUnderscoresBeforeDigits() {
    java.util.Map<String, String> seen = new java.util.HashMap<>();
    for (String n : ExtensionNameTable.NAMES) {
      String before = seen.put(ExtensionNames.loosely(n), n);
      assertNull(before, n + " and " + before);
      assertEquals(n, ExtensionNames.canonical(n));
    }
  }
}
