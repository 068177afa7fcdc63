package dev.vkrules.runtime.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The VVL suite's bookkeeping on hand-made outcomes: reviewer kinds, what counts against vkrules, the update. */
class VvlSuiteScoreTest {
  private static final String V = "VUID-RuntimeSpirv-Workgroup-06530";
  private static final String W = "VUID-StandaloneSpirv-Function-04681";

  private static VvlSuiteTest.Outcome outcome(String id, boolean negative, Set<String> errors) {
    return new VvlSuiteTest.Outcome(new VvlSuiteTest.VvlCase(id, negative, negative ? List.of(V) : List.of(), "vulkan1.0",
        Path.of("p.json"), List.of()), errors, Set.of(), null);
  }

  @Test
  void aReviewerKindMatchesAnObservedMissAndIsNotCountedAgainstVkrules(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("list.yaml");
    Files.writeString(f, """
        # head
        - kind: profile-misses-limit
          vuid: %s
          reason: the profile lacks the limit
          tests: [neg-b]

        - kind: reported
          vuid: %s
          reason: spec text read as written
          tests:
            - pos-b
        """.formatted(V, W));
    PeerDisagreements listed = PeerDisagreements.read(f);
    PeerDisagreements.Key missB = new PeerDisagreements.Key(PeerDisagreements.Kind.MISSED, V, "neg-b");
    assertTrue(listed.reasons().containsKey(missB));
    assertEquals(PeerDisagreements.Kind.PROFILE_MISSES_LIMIT, listed.listedKind(missB));
    assertEquals("profile-misses-limit", PeerDisagreements.Kind.PROFILE_MISSES_LIMIT.spelling());

    List<VvlSuiteTest.Outcome> outcomes = List.of(
        outcome("neg-a", true, Set.of(V)),      // hit
        outcome("neg-b", true, Set.of()),       // missed, listed as not vkrules' fault
        outcome("neg-c", true, Set.of("VUID-other")), // missed, unlisted: counts against vkrules
        outcome("pos-a", false, Set.of("VUID-VkShaderModuleCreateInfo-pCode-08740")), // clean: not a SPIR-V rule
        outcome("pos-b", false, Set.of(W)));    // flagged, listed
    Map<PeerDisagreements.Key, String> seen = new LinkedHashMap<>();
    outcomes.forEach(o -> VvlSuiteTest.disagreements(o).forEach(k -> seen.put(k, "d")));
    assertEquals(Set.of(missB, new PeerDisagreements.Key(PeerDisagreements.Kind.MISSED, V, "neg-c"),
        new PeerDisagreements.Key(PeerDisagreements.Kind.REPORTED, W, "pos-b")), seen.keySet());

    VvlSuiteTest.Score s = VvlSuiteTest.score(outcomes, seen.keySet(), listed);
    assertEquals(1, s.hits());
    assertEquals(3, s.negatives());
    assertEquals(1, s.excused());
    assertEquals(0.5, s.recall());
    assertEquals(1, s.clean());
    assertEquals(2, s.positives());
    assertEquals(2, s.reviewed());
    assertTrue(s.line().startsWith("vvl suite: 1/3 negatives, 1/2 positives clean, 2 reviewed disagreements"), s.line());

    // The update keeps the reviewer's kind as written and appends the new miss as 'missed'.
    String text = PeerDisagreements.update(Files.readString(f), seen).text();
    assertTrue(text.contains("- kind: profile-misses-limit\n"), text);
    assertTrue(text.contains("- kind: missed\n  vuid: " + V + "\n  reason: >-\n    " + PeerDisagreements.UNREVIEWED), text);
    assertTrue(text.contains("    - neg-c\n"), text);
  }
}
