package dev.vkrules.runtime.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.engine.pipeline.PipelineValidator;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.PipelineDescription;
import dev.vkrules.runtime.pipeline.PipelineException;
import dev.vkrules.runtime.pipeline.PipelineReader;
import dev.vkrules.runtime.profile.ProfileException;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.requirements.RequirementCheck;
import dev.vkrules.runtime.support.Sources;
import java.io.IOException;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Vulkan-ValidationLayers' tests that need pipeline state ({@code peers/vvl-pipelines/}, in the
 * repository): every case's {@code pipeline.json} is validated as {@code vkrules validate --pipeline
 * pipeline.json --target-env ENV --profile PROFILE} does, and scored as {@link VvlSuiteTest} scores
 * the module-only suite: every negative must report its expected VUIDs as errors, every positive
 * must raise no StandaloneSpirv or RuntimeSpirv error (nor one of a pipeline create info's rules), and every disagreement must be listed with
 * its kind and reason in {@code peers/vvl-pipeline-disagreements.yaml} (a listed one that no longer
 * happens fails too). Without its description each negative must not be reported as passed: the
 * same modules alone either raise the expected VUID (a default the pipeline keeps) or say they
 * need a pipeline description for it.
 */
class VvlPipelineSuiteTest {
  static final Path ROOT = Sources.root();
  static final Path SUITE = ROOT.resolve("peers/vvl-pipelines");
  static final Path LIST = ROOT.resolve("peers/vvl-pipeline-disagreements.yaml");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A case: the shared form's fields plus its pipeline description. */
  record PipelineCase(VvlSuiteTest.VvlCase c, Path pipeline, Set<String> needs) {}

  @Test
  void vkrulesAgreesWithTheLayersPipelineTests() throws IOException {
    List<PipelineCase> all = read(SUITE.resolve("cases"));
    assertTrue(all.size() >= 14, "the suite holds " + all.size() + " cases, expected the 14 harvested or more");
    PeerDisagreements reviewed = PeerDisagreements.read(LIST);

    long start = System.nanoTime();
    List<VvlSuiteTest.Outcome> outcomes = all.stream().map(VvlPipelineSuiteTest::validate).toList();
    double seconds = (System.nanoTime() - start) / 1e9;

    Map<PeerDisagreements.Key, String> seen = new LinkedHashMap<>();
    for (VvlSuiteTest.Outcome o : outcomes) {
      disagreements(o).forEach(k -> seen.put(k, "vkrules reports " + o.errors()
          + (o.needsInfo().isEmpty() ? "" : ", needs " + o.needsInfo()) + (o.malformed() == null ? "" : ": " + o.malformed())));
    }
    PeerDisagreements listed = Boolean.getBoolean(PeerSuiteTest.UPDATE)
        ? PeerDisagreements.rewrite(LIST, "vvl pipeline suite", ROOT, seen) : reviewed;
    List<String> problems = new ArrayList<>();
    seen.forEach((k, d) -> {
      if (!listed.reasons().containsKey(k)) {
        problems.add("unlisted: " + k + " (" + d + ")");
      }
    });
    Set<String> ids = new TreeSet<>();
    all.forEach(c -> ids.add(c.c().id()));
    for (PeerDisagreements.Key k : listed.stale(seen.keySet())) {
      problems.add((ids.contains(k.test()) ? "stale (now agrees): " : "no such case in the suite: ") + k);
    }
    VvlSuiteTest.Score s = VvlSuiteTest.score(outcomes, seen.keySet(), listed);
    System.out.println(s.line().replace("vvl suite", "vvl pipeline suite") + String.format(Locale.ROOT, " (%.1f s)", seconds));
    if (s.recall() < VvlSuiteTest.MIN_RECALL) {
      problems.add(0, String.format(Locale.ROOT, "negatives reported with the expected VUID: %d of %d counted (%.1f %%)",
          s.hits(), s.counted(), 100 * s.recall()));
    }
    assertTrue(problems.isEmpty(), problems.size() + " problems with the layers' pipeline tests against "
        + ROOT.relativize(LIST) + " (-D" + PeerSuiteTest.UPDATE + "=true rewrites the list):\n" + String.join("\n", problems));
  }

  /**
   * A rule the description decides never passes quietly without it: every error a negative's
   * pipeline raises that its modules alone do not raise is one they report as needing more
   * information. (Specialized cases are left out: alone, a module is validated with its
   * specialization constants' defaults, which are its own values.)
   */
  @Test
  void withoutItsDescriptionNoNegativeIsPassed() throws IOException {
    List<String> passed = new ArrayList<>();
    int compared = 0;
    for (PipelineCase pc : read(SUITE.resolve("cases"))) {
      // Linked-stage cases count too: alone, a module says which stage-interface rules need the
      // stages it links to (docs/pipeline-interfaces.md).
      if (!pc.c().negative() || pc.needs().contains("specialization")) {
        continue;
      }
      VvlSuiteTest.Outcome alone = VvlSuiteTest.validate(pc.c(), new java.util.concurrent.ConcurrentHashMap<>());
      VvlSuiteTest.Outcome piped = validate(pc);
      for (String v : piped.errors()) {
        if (v.startsWith("VUID-Vk") && v.contains("PipelineCreateInfo-")) {
          // a rule of the pipeline create info (rules/pipeline/: layout, vertex input, tessellation
          // stages), not of a module: it is never run for a module alone, and its status is "native,
          // decided under --pipeline" (docs/pipelines.md), not a module's "passed"
          continue;
        }
        compared++;
        if (!alone.errors().contains(v) && !alone.needsInfo().contains(v)) {
          passed.add(pc.c().id() + ": " + v + " is an error under the pipeline and passes without it");
        }
      }
    }
    assertTrue(compared > 0, "no negative raised an error under its pipeline");
    assertEquals(List.of(), passed);
  }

  /**
   * As {@link VvlSuiteTest#disagreements}, and a positive's pipeline must also raise no error of a
   * pipeline create info's own rules (rules/pipeline/: layout, vertex input, tessellation stages),
   * which only a pipeline suite runs.
   */
  static List<PeerDisagreements.Key> disagreements(VvlSuiteTest.Outcome o) {
    List<PeerDisagreements.Key> out = new ArrayList<>(VvlSuiteTest.disagreements(o));
    if (!o.c().negative() && o.malformed() == null) {
      for (String v : o.errors()) {
        if (v.startsWith("VUID-Vk") && v.contains("PipelineCreateInfo-")) {
          out.add(new PeerDisagreements.Key(PeerDisagreements.Kind.REPORTED, v, o.c().id()));
        }
      }
    }
    return out;
  }

  /** Validates a case's pipeline description with its profile and target. */
  static VvlSuiteTest.Outcome validate(PipelineCase pc) {
    VvlSuiteTest.VvlCase c = pc.c();
    Target target = Target.parse(c.env());
    RequirementCheck req;
    try {
      req = Validator.requirements(target, c.profile() == null ? Optional.empty()
          : Optional.of(ProfileReader.read(c.profile(), null)));
    } catch (ProfileException e) {
      throw new IllegalStateException(c.id() + ": " + e.getMessage(), e);
    }
    PipelineDescription d;
    try {
      d = PipelineReader.read(pc.pipeline());
    } catch (PipelineException e) {
      return new VvlSuiteTest.Outcome(c, Set.of(), Set.of(), e.getMessage());
    }
    Engine engine = Validator.engine(target);
    Set<String> errors = new TreeSet<>();
    Set<String> needs = new TreeSet<>();
    String malformed = null;
    for (Pipeline p : d.pipelines()) {
      for (PipelineValidator.PreparedStage st : PipelineValidator.prepare(p, engine, Integer.MAX_VALUE)) {
        if (st.unreadable() != null) {
          malformed = st.unreadable();
          continue;
        }
        Validator.ValidationResult r = PipelineValidator.evaluate(st, req);
        if (r.malformed()) {
          malformed = st.name() + ": " + r.diagnostics().get(0).message();
          continue;
        }
        for (Diagnostic x : r.diagnostics()) {
          if (x.isError() || x.isInternalError()) {
            errors.add(x.isInternalError() ? "<internal-error " + x.vuid() + ">" : x.vuid());
          } else {
            needs.add(x.vuid());
          }
        }
      }
    }
    return new VvlSuiteTest.Outcome(c, errors, needs, malformed);
  }

  /** Reads every {@code cases/ID/case.json}, sorted by id. */
  static List<PipelineCase> read(Path cases) throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(cases)) {
      files = s.map(d -> d.resolve("case.json")).filter(Files::isRegularFile).sorted().toList();
    }
    List<PipelineCase> out = new ArrayList<>();
    for (Path f : files) {
      JsonNode j = JSON.readTree(f.toFile());
      // "profile" is optional: a case without one is validated with no device (the stage-interface
      // cases decide device-independent VUIDs; device-dependent rules then only need information)
      for (String field : List.of("id", "kind", "env", "modules", "pipeline", "repository", "commit", "file", "test")) {
        if (!j.hasNonNull(field)) {
          throw new IOException(f + ": not a case (no '" + field + "')");
        }
      }
      List<String> vuids = new ArrayList<>();
      j.path("vuids").forEach(v -> vuids.add(v.asText()));
      boolean negative = j.get("kind").asText().equals("negative");
      if (negative == vuids.isEmpty()) {
        throw new IOException(f + ": a " + j.get("kind").asText() + " case " + (negative ? "without" : "with") + " expected VUIDs");
      }
      List<Path> modules = new ArrayList<>();
      j.get("modules").forEach(m -> modules.add(f.getParent().resolve(m.path("file").asText())));
      Set<String> needs = new TreeSet<>();
      j.path("needs").forEach(n -> needs.add(n.asText()));
      out.add(new PipelineCase(new VvlSuiteTest.VvlCase(j.get("id").asText(), negative, List.copyOf(vuids),
          j.get("env").asText(), j.hasNonNull("profile") ? SUITE.resolve(j.get("profile").asText()).normalize() : null,
          List.copyOf(modules)),
          f.getParent().resolve(j.get("pipeline").asText()), needs));
    }
    return out;
  }
}
