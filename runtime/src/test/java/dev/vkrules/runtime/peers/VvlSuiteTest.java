package dev.vkrules.runtime.peers;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Report;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.ProfileException;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.requirements.RequirementCheck;
import dev.vkrules.runtime.support.Sources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Vulkan-ValidationLayers' shader tests as an external suite ({@code ../shared/peer-tests/vvl/};
 * skipped with a message when absent): every case's modules are validated in this JVM with the
 * case's device profile and target environment, as {@code vkrules validate --target-env ENV
 * --profile PROFILE} does. Every negative case must report its expected VUID(s) as errors; every
 * positive case must raise no StandaloneSpirv or RuntimeSpirv error. A disagreement passes only
 * when {@code peers/vvl-disagreements.yaml} lists it with a kind and a reason, and a listed case
 * that now agrees fails too, so the list stays true.
 *
 * <p>Scored: at least {@link #MIN_RECALL} of the negatives must be reported with their expected
 * VUIDs, not counting those listed under a kind that is not vkrules' fault
 * ({@code profile-misses-feature}, {@code profile-misses-limit}, {@code needs-pipeline-state},
 * {@code spec-text-differs}); a miss listed as {@code missed}, reviewed or not, counts against
 * vkrules. Prints {@code vvl suite: N/M negatives, P/Q positives clean, D reviewed disagreements}.
 *
 * <p>{@code -Dvkrules.peers.update=true} rewrites the list to what this run saw instead of failing
 * on it, as {@link PeerSuiteTest} does for its list.
 */
class VvlSuiteTest {
  static final Path ROOT = Sources.root();
  static final Path SUITE = ROOT.resolve("../shared/peer-tests/vvl").normalize();
  static final Path LIST = ROOT.resolve("peers/vvl-disagreements.yaml");
  /** The share of counted negatives that must be reported with their expected VUIDs. */
  static final double MIN_RECALL = 0.97;
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One harvested test: its id, whether the layers reject it (and with which VUIDs), its env, profile and modules. */
  record VvlCase(String id, boolean negative, List<String> vuids, String env, Path profile, List<Path> modules) {}

  /** What vkrules said of a case's modules together: its error VUIDs, those it needs device information for, or why it could not read one. */
  record Outcome(VvlCase c, Set<String> errors, Set<String> needsInfo, String malformed) {}

  @Test
  void vkrulesAgreesWithTheLayersShaderTests() throws IOException {
    Path cases = SUITE.resolve("cases");
    String absent = "vvl suite: skipped, " + SUITE + " (cases/*/case.json) is absent";
    boolean present = Files.isDirectory(cases);
    if (!present) {
      System.out.println(absent);
    }
    assumeTrue(present, absent);
    List<VvlCase> all = read(cases);
    assumeTrue(!all.isEmpty(), absent);
    PeerDisagreements reviewed = PeerDisagreements.read(LIST);

    long start = System.nanoTime();
    Map<String, RequirementCheck> requirements = new ConcurrentHashMap<>();
    List<Outcome> outcomes = all.parallelStream().map(c -> validate(c, requirements)).toList();
    double seconds = (System.nanoTime() - start) / 1e9;

    Map<PeerDisagreements.Key, String> seen = new LinkedHashMap<>();
    for (Outcome o : outcomes) {
      disagreements(o).forEach(k -> seen.put(k, detail(o)));
    }
    PeerDisagreements listed = Boolean.getBoolean(PeerSuiteTest.UPDATE) ? PeerDisagreements.rewrite(LIST, "vvl suite", ROOT, seen) : reviewed;
    if (listed.unreviewed() > 0) {
      System.out.println("vvl suite: " + listed.unreviewed() + " listed cases are still '" + PeerDisagreements.UNREVIEWED
          + "' in " + ROOT.relativize(LIST) + ": give each group its kind and reason");
    }
    List<String> problems = new ArrayList<>();
    seen.forEach((k, d) -> {
      if (!listed.reasons().containsKey(k)) {
        problems.add("unlisted: " + k + " (" + d + ")");
      }
    });
    Set<String> ids = new TreeSet<>();
    all.forEach(c -> ids.add(c.id()));
    for (PeerDisagreements.Key k : listed.stale(seen.keySet())) {
      problems.add((ids.contains(k.test()) ? "stale (now agrees): " : "no such case in the suite: ") + k);
    }

    Score s = score(outcomes, seen.keySet(), listed);
    System.out.println(s.line() + String.format(Locale.ROOT, " (%.1f s)", seconds));
    if (s.recall() < MIN_RECALL) {
      problems.add(0, String.format(Locale.ROOT, "negatives reported with the expected VUID: %d of %d counted (%.1f %%),"
          + " below %.0f %% (misses listed under a kind that is not vkrules' fault are not counted)",
          s.hits(), s.counted(), 100 * s.recall(), 100 * MIN_RECALL));
    }
    assertTrue(problems.isEmpty(), problems.size() + " problems with the layers' tests against "
        + ROOT.relativize(LIST) + " (-D" + PeerSuiteTest.UPDATE + "=true rewrites the list):\n"
        + String.join("\n", problems.subList(0, Math.min(60, problems.size()))));
  }

  /** The totals the summary line prints and the gate reads. */
  record Score(int hits, int negatives, int excused, int clean, int positives, long reviewed, long unreviewed) {
    int counted() {
      return negatives - excused;
    }

    double recall() {
      return counted() == 0 ? 1 : (double) hits / counted();
    }

    String line() {
      return "vvl suite: " + hits + "/" + negatives + " negatives, " + clean + "/" + positives + " positives clean, "
          + reviewed + " reviewed disagreements"
          + (unreviewed > 0 ? ", " + unreviewed + " unreviewed" : "")
          + String.format(Locale.ROOT, "; recall %d/%d = %.1f %% (%d misses not vkrules' fault; gate %.0f %%)",
              hits, counted(), 100 * recall(), excused, 100 * MIN_RECALL);
    }
  }

  static Score score(List<Outcome> outcomes, Set<PeerDisagreements.Key> seen, PeerDisagreements listed) {
    int hits = 0;
    int negatives = 0;
    int excused = 0;
    int clean = 0;
    int positives = 0;
    Set<String> disagreeing = new TreeSet<>();
    seen.forEach(k -> disagreeing.add(k.test()));
    for (Outcome o : outcomes) {
      String id = o.c().id();
      if (o.c().negative()) {
        negatives++;
        if (!disagreeing.contains(id)) {
          hits++;
        } else if (seen.stream().filter(k -> k.test().equals(id)).allMatch(k -> {
          PeerDisagreements.Kind kind = listed.listedKind(k);
          return kind != null && !kind.vkrulesFault();
        })) {
          excused++;
        }
      } else {
        positives++;
        clean += disagreeing.contains(id) ? 0 : 1;
      }
    }
    long reviewed = seen.stream().filter(k -> listed.reasons().containsKey(k)
        && !listed.reasons().get(k).startsWith(PeerDisagreements.UNREVIEWED)).count();
    long unreviewed = seen.stream().filter(k -> listed.reasons().containsKey(k)
        && listed.reasons().get(k).startsWith(PeerDisagreements.UNREVIEWED)).count();
    return new Score(hits, negatives, excused, clean, positives, reviewed, unreviewed);
  }

  /** How {@code o} disagrees with the layers' verdict, if it does; the key's test is the case id. */
  static List<PeerDisagreements.Key> disagreements(Outcome o) {
    List<PeerDisagreements.Key> out = new ArrayList<>();
    if (o.c().negative()) {
      for (String v : o.c().vuids()) {
        if (!o.errors().contains(v)) {
          out.add(new PeerDisagreements.Key(PeerDisagreements.Kind.MISSED, v, o.c().id()));
        }
      }
      return out;
    }
    if (o.malformed() != null) {
      return List.of(new PeerDisagreements.Key(PeerDisagreements.Kind.MALFORMED, "", o.c().id()));
    }
    for (String v : o.errors()) {
      if (v.startsWith("VUID-StandaloneSpirv-") || v.startsWith("VUID-RuntimeSpirv-")) {
        out.add(new PeerDisagreements.Key(PeerDisagreements.Kind.REPORTED, v, o.c().id()));
      }
    }
    return out;
  }

  private static String detail(Outcome o) {
    String at = "at " + o.c().env() + " with " + (o.c().profile() == null ? "no device" : o.c().profile().getFileName());
    if (o.malformed() != null) {
      return at + ": " + o.malformed();
    }
    Set<String> needed = new TreeSet<>(o.needsInfo());
    needed.retainAll(o.c().vuids());
    return at + ", vkrules reports " + o.errors() + (needed.isEmpty() ? "" : ", needs device information for " + needed);
  }

  /** Validates a case's modules with its profile and target, as the CLI's single-profile run does. */
  static Outcome validate(VvlCase c, Map<String, RequirementCheck> requirements) {
    Target target = Target.parse(c.env());
    if (target == null) {
      throw new IllegalStateException(c.id() + ": unknown target environment " + c.env());
    }
    RequirementCheck req = requirements.computeIfAbsent(c.profile() + "|" + target.envName(), k -> {
      try {
        return Validator.requirements(target, c.profile() == null ? Optional.empty() : Optional.of(profile(c.profile())));
      } catch (ProfileException e) {
        throw new IllegalStateException(c.id() + ": " + e.getMessage(), e);
      }
    });
    Set<String> errors = new TreeSet<>();
    Set<String> needs = new TreeSet<>();
    String malformed = null;
    for (Path m : c.modules()) {
      byte[] bytes;
      try {
        bytes = Files.readAllBytes(m);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Validator.ValidationResult r = Validator.validate(ByteBuffer.wrap(bytes), Validator.engine(target), req, Report.UNLIMITED);
      if (r.malformed()) {
        malformed = m.getFileName() + ": " + r.diagnostics().get(0).message();
        continue;
      }
      for (Diagnostic d : r.diagnostics()) {
        if (d.isError() || d.isInternalError()) {
          errors.add(d.isInternalError() ? "<internal-error " + d.vuid() + ">" : d.vuid());
        } else {
          needs.add(d.vuid());
        }
      }
    }
    return new Outcome(c, errors, needs, malformed);
  }

  private static final Map<Path, DeviceProfile> PROFILES = new ConcurrentHashMap<>();

  private static DeviceProfile profile(Path file) throws ProfileException {
    DeviceProfile p = PROFILES.get(file);
    if (p == null) {
      p = ProfileReader.read(file, null);
      PROFILES.put(file, p);
    }
    return p;
  }

  /** Reads every {@code cases/ID/case.json}, sorted by id. */
  static List<VvlCase> read(Path cases) throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(cases)) {
      files = s.map(d -> d.resolve("case.json")).filter(Files::isRegularFile).sorted().toList();
    }
    List<VvlCase> out = new ArrayList<>();
    for (Path f : files) {
      JsonNode j = JSON.readTree(f.toFile());
      for (String field : List.of("id", "kind", "env", "profile", "modules")) {
        if (!j.hasNonNull(field)) {
          throw new IOException(f + ": not a case (no '" + field + "')");
        }
      }
      List<String> vuids = new ArrayList<>();
      j.path("vuids").forEach(v -> vuids.add(v.asText()));
      boolean negative = j.get("kind").asText().equals("negative");
      if (negative && vuids.isEmpty()) {
        throw new IOException(f + ": a negative case without expected VUIDs");
      }
      List<Path> modules = new ArrayList<>();
      j.get("modules").forEach(m -> modules.add(f.getParent().resolve(m.path("file").asText())));
      out.add(new VvlCase(j.get("id").asText(), negative, List.copyOf(vuids), j.get("env").asText(),
          SUITE.resolve(j.get("profile").asText()).normalize(), List.copyOf(modules)));
    }
    return out;
  }
}
