package dev.vkrules.runtime.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reviewed list's checks and the verdicts the peer suite draws from one case. */
class PeerDisagreementsTest {
  private static final String V = "VUID-StandaloneSpirv-None-04642";

  private static PeerDisagreements read(Path dir, String yaml) throws IOException {
    Path f = dir.resolve("list.yaml");
    Files.writeString(f, yaml);
    return PeerDisagreements.read(f);
  }

  @Test
  void aGroupListsItsCasesWithOneReason(@TempDir Path dir) throws IOException {
    PeerDisagreements d = read(dir, """
        - kind: missed
          vuid: %s
          reason: known defect
          tests: [A.one, A.two]
        """.formatted(V));
    assertEquals(2, d.reasons().size());
    PeerDisagreements.Key one = new PeerDisagreements.Key(PeerDisagreements.Kind.MISSED, V, "A.one");
    assertEquals("known defect", d.reasons().get(one));
    // Only A.one still disagrees: A.two is stale.
    assertEquals(List.of(new PeerDisagreements.Key(PeerDisagreements.Kind.MISSED, V, "A.two")), d.stale(Set.of(one)));
  }

  @Test
  void badListsAreRefusedWithTheGroup(@TempDir Path dir) {
    IOException e = assertThrows(IOException.class, () -> read(dir, "- {kind: missed, vuid: X, tests: [A.b]}\n"));
    assertTrue(e.getMessage().contains("group 1: no 'reason'"), e.getMessage());
    e = assertThrows(IOException.class, () -> read(dir, "- {kind: lost, vuid: X, reason: r, tests: [A.b]}\n"));
    assertTrue(e.getMessage().contains("kind is 'lost'"), e.getMessage());
    e = assertThrows(IOException.class, () -> read(dir, "- {kind: missed, vuid: X, reason: ' ', tests: [A.b]}\n"));
    assertTrue(e.getMessage().contains("needs a reason"), e.getMessage());
    e = assertThrows(IOException.class, () -> read(dir,
        "- {kind: missed, vuid: X, reason: r, tests: [A.b]}\n- {kind: missed, vuid: X, reason: s, tests: [A.b]}\n"));
    assertTrue(e.getMessage().contains("listed twice"), e.getMessage());
    e = assertThrows(IOException.class, () -> read(dir, "- {kind: missed, vuid: X, reason: r, tests: [A.b], why: no}\n"));
    assertTrue(e.getMessage().contains("unknown field 'why'"), e.getMessage());
  }

  @Test
  void aCaseDisagreesOnlyAsItsLabelSays() {
    PeerCase negative = new PeerCase("N.t", "vulkan1.0", V, "", new byte[0]);
    PeerCase clean = new PeerCase("P.t", "vulkan1.0", null, "", new byte[0]);
    Set<String> checked = Set.of(V);
    // A failing case of a checked VUID: reported agrees, anything else is a miss.
    assertEquals(List.of(), PeerSuiteTest.disagreements(
        new PeerSuiteTest.Outcome(negative, Target.VULKAN_1_0, Set.of(V, "VUID-other"), null), checked));
    assertEquals(List.of(new PeerDisagreements.Key(PeerDisagreements.Kind.MISSED, V, "N.t")), PeerSuiteTest.disagreements(
        new PeerSuiteTest.Outcome(negative, Target.VULKAN_1_0, Set.of("VUID-other"), null), checked));
    // A VUID vkrules does not check is not required.
    assertEquals(List.of(), PeerSuiteTest.disagreements(
        new PeerSuiteTest.Outcome(negative, Target.VULKAN_1_0, Set.of(), null), Set.of()));
    // A clean module: only StandaloneSpirv and RuntimeSpirv errors count.
    assertEquals(List.of(new PeerDisagreements.Key(PeerDisagreements.Kind.REPORTED, V, "P.t")), PeerSuiteTest.disagreements(
        new PeerSuiteTest.Outcome(clean, Target.VULKAN_1_0, Set.of(V, "VUID-VkShaderModuleCreateInfo-pCode-01091"), null),
        checked));
    assertEquals(List.of(new PeerDisagreements.Key(PeerDisagreements.Kind.MALFORMED, "", "P.t")), PeerSuiteTest.disagreements(
        new PeerSuiteTest.Outcome(clean, Target.VULKAN_1_0, Set.of(), "truncated"), checked));
  }

  @Test
  void targetsFollowTheSuitesEnvironment() {
    byte[] spirv14 = {0x03, 0x02, 0x23, 0x07, 0, 4, 1, 0};
    byte[] spirv10 = {0x03, 0x02, 0x23, 0x07, 0, 0, 1, 0};
    assertEquals(Target.VULKAN_1_1, PeerSuiteTest.target("vulkan1.1", spirv10));
    // SPIR-V 1.4 under Vulkan 1.1: the oldest target that admits SPIR-V 1.4.
    assertEquals(Target.VULKAN_1_2, PeerSuiteTest.target("vulkan1.1spv1.4", spirv14));
    Target[] all = Target.values();
    assertEquals(all[all.length - 1], PeerSuiteTest.target("vulkan9.9", spirv10));
  }

  private static PeerDisagreements.Key key(PeerDisagreements.Kind kind, String vuid, String test) {
    return new PeerDisagreements.Key(kind, vuid, test);
  }

  /**
   * The update: cases that agree now go (a group left empty goes whole), new ones are appended
   * grouped and marked unreviewed, reviewed groups stay byte for byte, and a second update with
   * the same findings changes nothing.
   */
  @Test
  void theUpdateRemovesWhatAgreesAppendsWhatIsNewAndKeepsReviewedTextAsWritten(@TempDir Path dir) throws IOException {
    String head = "# the head comment\n#   kept as written\n\n";
    String kept = """
        - kind: missed
          vuid: %s
          reason: >-
            a reviewed reason: folded,
            over two lines   with odd   spacing
          tests:
            - A.stays
            - A.agreesNow
            - "A.quoted"

        """.formatted(V);
    String gone = """
        - kind: malformed
          vuid: ""
          reason: all of its cases agree now
          tests:
            - B.agrees

        """;
    String flow = "- {kind: reported, vuid: %s, reason: flow style, tests: [C.stays, C.agrees]}\n".formatted(V);
    String before = head + kept + gone + flow;
    Map<PeerDisagreements.Key, String> seen = new LinkedHashMap<>();
    seen.put(key(PeerDisagreements.Kind.MISSED, V, "A.stays"), "at vulkan1.0, vkrules reports []");
    seen.put(key(PeerDisagreements.Kind.MISSED, V, "A.quoted"), "d");
    seen.put(key(PeerDisagreements.Kind.REPORTED, V, "C.stays"), "d");
    seen.put(key(PeerDisagreements.Kind.REPORTED, "VUID-RuntimeSpirv-X-00002", "D.new2"), "at vulkan1.3, vkrules reports [X]");
    seen.put(key(PeerDisagreements.Kind.REPORTED, "VUID-RuntimeSpirv-X-00002", "D.new1"), "at vulkan1.3, vkrules reports [Y]");
    seen.put(key(PeerDisagreements.Kind.MALFORMED, "", "E/param.new/0"), "at vulkan1.2: unknown capability 4228");

    PeerDisagreements.Update u = PeerDisagreements.update(before, seen);
    assertEquals(3, u.removed());
    assertEquals(3, u.appended());
    assertEquals(2, u.appendedGroups());
    String text = u.text();
    assertTrue(text.startsWith(head + kept.replace("    - A.agreesNow\n", "")), text);
    assertTrue(!text.contains("B.agrees") && !text.contains("all of its cases agree now"), text);
    assertTrue(text.contains("tests: [C.stays]}\n"), text);
    // the new cases: their own groups, sorted, each marked
    int reported = text.indexOf("- kind: reported\n  vuid: VUID-RuntimeSpirv-X-00002\n  reason: >-\n    "
        + PeerDisagreements.UNREVIEWED);
    int malformed = text.indexOf("- kind: malformed\n  vuid: \"\"\n  reason: >-\n    " + PeerDisagreements.UNREVIEWED);
    assertTrue(reported > 0 && malformed > reported, text);
    assertTrue(text.contains("  tests:\n    - D.new1\n    - D.new2\n"), text);
    assertTrue(text.contains("First case: at vulkan1.3, vkrules reports [Y]"), text);
    assertTrue(text.contains("    - E/param.new/0\n"), text);

    // What was written reads back as exactly what was seen; the unreviewed ones are counted.
    PeerDisagreements back = read(dir, text);
    assertEquals(seen.keySet(), back.reasons().keySet());
    assertEquals(3, back.unreviewed());
    assertTrue(back.reasons().get(key(PeerDisagreements.Kind.MISSED, V, "A.stays")).startsWith("a reviewed reason"));
    // Nothing new: nothing changes.
    PeerDisagreements.Update again = PeerDisagreements.update(text, seen);
    assertEquals(text, again.text());
    assertEquals(0, again.removed() + again.appended());
  }
}
