package dev.vkrules.runtime.peers;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vkrules.runtime.engine.Checker;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.rules.CheckerRegistry;
import dev.vkrules.runtime.support.Sources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * SPIRV-Tools' own validator tests as an external suite ({@code ../shared/peer-tests/spirv-tools/};
 * skipped with a message when absent). Every failing case of a VUID vkrules checks must report
 * that VUID; every clean module must raise no StandaloneSpirv or RuntimeSpirv error. A
 * disagreement passes only when {@code peers/spirv-tools-disagreements.yaml} lists it with a
 * reason, and a listed one that no longer happens fails too, so the list stays true. Writes the
 * recall per VUID to {@code target/peer-suite/recall.md}.
 *
 * <p>{@code -Dvkrules.peers.update=true} rewrites the list to what this run saw instead of
 * failing ({@link PeerDisagreements#update}): cases that now agree are removed, new
 * disagreements appended under a reason marked {@code unreviewed:}, reviewed groups kept byte for
 * byte. Listed cases still unreviewed pass, and are counted in the output and the report.
 */
class PeerSuiteTest {
  static final Path ROOT = Sources.root();
  static final Path SUITE = ROOT.resolve("../shared/peer-tests/spirv-tools").normalize();
  static final Path LIST = ROOT.resolve("peers/spirv-tools-disagreements.yaml");
  /** The system property that rewrites the list instead of failing on it. */
  static final String UPDATE = "vkrules.peers.update";

  /** One case's outcome: the target it ran at, the error VUIDs vkrules reported, or why it could not read it. */
  record Outcome(PeerCase peer, Target target, Set<String> reported, String malformed) {}

  @Test
  void vkrulesAgreesWithSpirvToolsTests() throws IOException {
    Path negative = SUITE.resolve("negative.jsonl.gz");
    Path positive = SUITE.resolve("positive.jsonl.gz");
    boolean present = Files.isRegularFile(negative) && Files.isRegularFile(positive);
    String absent = "no peer suite: " + SUITE + " (negative.jsonl.gz, positive.jsonl.gz) is absent";
    if (!present) {
      System.out.println(absent);
    }
    assumeTrue(present, absent);
    PeerDisagreements reviewed = PeerDisagreements.read(LIST);
    List<PeerCase> cases = new ArrayList<>(PeerCase.read(negative));
    cases.addAll(PeerCase.read(positive));
    SortedSet<String> checked = new TreeSet<>();
    for (Checker c : CheckerRegistry.all()) {
      checked.add(c.info().vuid());
    }

    long start = System.nanoTime();
    List<Outcome> outcomes = cases.parallelStream().map(PeerSuiteTest::validate).toList();
    double seconds = (System.nanoTime() - start) / 1e9;

    Map<PeerDisagreements.Key, String> seen = new java.util.LinkedHashMap<>();
    Set<String> tests = new HashSet<>();
    for (Outcome o : outcomes) {
      tests.add(o.peer().test());
      disagreements(o, checked).forEach(k -> seen.put(k, detail(o)));
    }
    PeerDisagreements listed = Boolean.getBoolean(UPDATE) ? PeerDisagreements.rewrite(LIST, "peer suite", ROOT, seen) : reviewed;
    if (listed.unreviewed() > 0) {
      System.out.println("peer suite: " + listed.unreviewed() + " listed cases are still '" + PeerDisagreements.UNREVIEWED
          + "' in " + ROOT.relativize(LIST) + ": give each group its reason");
    }
    List<String> problems = new ArrayList<>();
    seen.forEach((k, d) -> {
      if (!listed.reasons().containsKey(k)) {
        problems.add("unlisted: " + k + " (" + d + ")");
      }
    });
    for (PeerDisagreements.Key k : listed.stale(seen.keySet())) {
      problems.add((tests.contains(k.test()) ? "stale (now agrees): " : "no such test in the suite: ") + k);
    }

    String report = RecallReport.render(outcomes, checked, listed, seen.keySet(), seconds);
    Path out = Path.of("target", "peer-suite");
    Files.createDirectories(out);
    Path tmp = Files.createTempFile(out, "recall", ".tmp");
    Files.writeString(tmp, report, StandardCharsets.UTF_8);
    Files.move(tmp, out.resolve("recall.md"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    System.out.println(RecallReport.totals(outcomes, checked, seen.keySet(), seconds));
    assertTrue(problems.isEmpty(), problems.size() + " disagreements with SPIRV-Tools' tests not as listed in "
        + ROOT.relativize(LIST) + " (-D" + UPDATE + "=true rewrites it; report: " + out.resolve("recall.md").toAbsolutePath() + "):\n"
        + String.join("\n", problems.subList(0, Math.min(60, problems.size()))));
  }
  /** How {@code o} disagrees with its label, if it does. */
  static List<PeerDisagreements.Key> disagreements(Outcome o, Set<String> checked) {
    PeerCase p = o.peer();
    if (p.negative()) {
      boolean missed = checked.contains(p.vuid()) && !o.reported().contains(p.vuid());
      return missed ? List.of(new PeerDisagreements.Key(PeerDisagreements.Kind.MISSED, p.vuid(), p.test())) : List.of();
    }
    if (o.malformed() != null) {
      return List.of(new PeerDisagreements.Key(PeerDisagreements.Kind.MALFORMED, "", p.test()));
    }
    List<PeerDisagreements.Key> out = new ArrayList<>();
    for (String v : o.reported()) {
      if (v.startsWith("VUID-StandaloneSpirv-") || v.startsWith("VUID-RuntimeSpirv-")) {
        out.add(new PeerDisagreements.Key(PeerDisagreements.Kind.REPORTED, v, p.test()));
      }
    }
    return out;
  }

  private static String detail(Outcome o) {
    String at = "at " + o.target().envName() + (o.target().envName().equals(o.peer().env()) ? "" : " for " + o.peer().env());
    return o.malformed() != null ? at + ": " + o.malformed() : at + ", vkrules reports " + o.reported();
  }

  static Outcome validate(PeerCase p) {
    Target target = target(p.env(), p.module());
    Validator.ValidationResult r = Validator.validate(p.module(), target);
    if (r.malformed()) {
      return new Outcome(p, target, Set.of(), r.diagnostics().get(0).message());
    }
    Set<String> reported = new TreeSet<>();
    for (Diagnostic d : r.diagnostics()) {
      if (d.isError()) {
        reported.add(d.vuid());
      }
    }
    return new Outcome(p, target, reported, null);
  }

  /**
   * The vkrules target for a spirv-val environment: {@code vulkanX.Y}, or the newest vkrules knows
   * when the suite's is newer (before the pin, vulkan1.4 runs as vulkan1.3); {@code vulkan1.1spv1.4}
   * (SPIR-V 1.4 under Vulkan 1.1) as the oldest target that admits the module's SPIR-V version.
   */
  static Target target(String env, byte[] module) {
    String vulkan = env.replaceFirst("spv.*$", "");
    Target[] all = Target.values();
    Target t = Target.parse(vulkan);
    if (t == null) {
      t = all[all.length - 1];
    }
    int version = (module[4] & 0xff) | (module[5] & 0xff) << 8 | (module[6] & 0xff) << 16;
    for (int i = t.ordinal(); i < all.length && all[i].maxSpirvVersion() < version; i++) {
      t = all[Math.min(i + 1, all.length - 1)];
    }
    return t;
  }
}
