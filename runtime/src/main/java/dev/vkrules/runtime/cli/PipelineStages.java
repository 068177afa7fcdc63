package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.ModuleTimeLimit;
import dev.vkrules.runtime.engine.PreparedModule;
import dev.vkrules.runtime.engine.Validator.ValidationResult;
import dev.vkrules.runtime.engine.device.DeviceView;
import dev.vkrules.runtime.engine.pipeline.PipelineState;
import dev.vkrules.runtime.engine.pipeline.PipelineValidator;
import dev.vkrules.runtime.engine.pipeline.PipelineValidator.PreparedStage;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.Stage;
import dev.vkrules.runtime.profile.DeviceViews;
import dev.vkrules.runtime.requirements.RequirementCheck;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The stages of a run's pipelines, each module once. A stage's module-level verdict is decided by
 * the module's content, its specialization values (and where each was given, which findings
 * quote), and the parts of the pipeline state its checks read ({@link PipelineState}); stages that
 * agree on all of these share one parse, one engine pass and one verdict, and the report lists
 * that verdict once with the stages that use it. The checks between a pipeline's stages and
 * against its layout, and the stage's entry point, still run per pipeline. With a
 * {@link VerdictCache}, a whole pipeline's results are kept under its description's content and
 * its modules', so an unchanged pipeline is read, hashed and answered from the cache.
 */
final class PipelineStages {
  private final Engine engine;
  private final RequirementCheck requirements;
  private final List<DeviceView> views;
  private final int maxPerRule;
  private final long budgetNanos;
  private final Verdicts verdicts;
  /** Module-level verdicts of this run, by module and specialization: each with the state it read. */
  private final Map<String, List<Variant>> memo = new HashMap<>();
  private final List<StageResult> stages = new ArrayList<>();
  private int pipelines;

  PipelineStages(Engine engine, RequirementCheck requirements, int maxPerRule, long budgetNanos, Verdicts verdicts) {
    this.engine = engine;
    this.requirements = requirements;
    this.views = DeviceViews.of(requirements.evaluator().profile());
    this.maxPerRule = maxPerRule;
    this.budgetNanos = budgetNanos;
    this.verdicts = verdicts;
  }

  /**
   * A module-level verdict, with the digest of each part of the pipeline state its checks read, and
   * the prepared module the checks between stages read (held softly: memory may take it back, and a
   * stage sharing the verdict then parses the module again for those checks alone).
   */
  private record Variant(Map<PipelineState, String> read, java.lang.ref.SoftReference<PreparedModule> module,
      ValidationResult result, String group) {
    boolean fits(Pipeline p, Stage s) {
      return read.entrySet().stream().allMatch(e -> e.getKey().digest(p, s).equals(e.getValue()));
    }
  }

  /**
   * One stage's outcome: {@code group} is its module-level verdict's key (null when it has none
   * to share: unreadable, over its time limit, vkrules' failure), {@code module} that verdict,
   * {@code missing} and {@code links} the findings of this pipeline alone.
   */
  record StageResult(String group, String moduleName, String source, byte[] bytes, ValidationResult module,
      Diagnostic missing, List<Diagnostic> links) {}

  /** Whether verdicts are kept in a cache (a description's content hash is then part of the key). */
  boolean caching() {
    return verdicts.cache() != null;
  }

  /** How many pipelines were added. */
  int pipelines() {
    return pipelines;
  }

  /** Validates the stages of {@code p}, the {@code index}th pipeline of the description {@code file} (its SHA-256 {@code fileHash}). */
  void add(Pipeline p, String file, String fileHash, int index) {
    pipelines++;
    List<byte[]> bytes = new ArrayList<>();
    List<String> hashes = new ArrayList<>();
    List<String> unreadable = new ArrayList<>();
    StringBuilder key = new StringBuilder("pipeline ").append(file).append(' ').append(fileHash).append(" #").append(index);
    for (Stage s : p.stages()) {
      try {
        byte[] b = s.module().bytes();
        bytes.add(b);
        hashes.add(verdicts.hash(b));
        unreadable.add(null);
        key.append(' ').append(hashes.get(hashes.size() - 1));
      } catch (IOException e) {
        bytes.add(null);
        hashes.add(null);
        unreadable.add("cannot read " + s.module().name() + ": " + e.getMessage());
      }
    }
    VerdictCache cache = verdicts.cache();
    boolean keep = cache != null && fileHash != null && unreadable.stream().allMatch(u -> u == null);
    if (keep) {
      List<StageResult> hit = decode(cache.get(key.toString()), bytes);
      if (hit != null) {
        stages.addAll(hit);
        return;
      }
    }
    List<Variant> variants = new ArrayList<>();
    for (int i = 0; i < p.stages().size(); i++) {
      variants.add(unreadable.get(i) != null ? null : variant(p, p.stages().get(i), hashes.get(i)));
    }
    // the stages this run has no verdict for are parsed and checked in parallel, as they are independent
    List<PreparedStage> prepared = java.util.stream.IntStream.range(0, p.stages().size()).parallel().mapToObj(i -> {
      Stage s = p.stages().get(i);
      PreparedModule kept = variants.get(i) == null ? null : variants.get(i).module().get();
      return unreadable.get(i) != null ? PipelineValidator.unreadable(p, s, unreadable.get(i))
          : kept != null ? PipelineValidator.sharing(p, s, kept, bytes.get(i))
          : PipelineValidator.prepare(p, s, bytes.get(i), engine, maxPerRule);
    }).toList();
    List<PreparedStage> linked = PipelineValidator.link(p, prepared, engine.target());
    List<StageResult> out = new ArrayList<>();
    for (int i = 0; i < linked.size(); i++) {
      out.add(result(p, linked.get(i), variants.get(i), hashes.get(i)));
    }
    stages.addAll(out);
    if (keep && out.stream().allMatch(r -> r.group() != null)) {
      cache.put(key.toString(), encode(out));
    }
  }

  /** The verdict this run already has for stage {@code s}'s module, or null. */
  private Variant variant(Pipeline p, Stage s, String hash) {
    List<Variant> known = memo.get(base(s, hash));
    if (known != null) {
      for (Variant v : known) {
        if (v.fits(p, s)) {
          return v;
        }
      }
    }
    return null;
  }

  private static String base(Stage s, String hash) {
    return "stage " + hash + "\n" + Verdicts.specialization(s.specialization());
  }

  /** Stage {@code s}'s result: its module-level verdict (shared, or evaluated now and remembered) and its own findings. */
  private StageResult result(Pipeline p, PreparedStage s, Variant shared, String hash) {
    String name = s.stage().module().name();
    String source = s.stage().source().toString();
    if (s.unreadable() != null) {
      return new StageResult(null, name, source, new byte[0],
          new ValidationResult(List.of(ValidateCommand.toolError(s.unreadable())), false), null, List.of());
    }
    Variant v = shared;
    if (v == null) {
      ValidationResult r;
      try {
        r = ModuleTimeLimit.within(budgetNanos, () -> s.module().evaluate(requirements, views));
      } catch (ModuleTimeLimit.Exceeded e) {
        return new StageResult(null, name, source, s.bytes(), new ValidationResult(List.of(ValidateCommand.toolError(
            ValidateCommand.OVER_BUDGET + " of " + ValidateCommand.seconds(budgetNanos)
                + " s (--module-time-limit=SECONDS raises it, 0 for none)")), false), null, List.of());
      } catch (RuntimeException | StackOverflowError e) {
        return new StageResult(null, name, source, s.bytes(), new ValidationResult(List.of(ValidateCommand.toolError(
            "internal error while validating (" + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); no verdict, please report it")), false),
            null, List.of());
      }
      // what the checks read, asked after the device verdicts too (a device obligation's check reads it again)
      Map<PipelineState, String> read = new EnumMap<>(PipelineState.class);
      if (s.module().facts() != null) {
        for (PipelineState part : s.module().facts().pipeline().read()) {
          read.put(part, part.digest(p, s.stage()));
        }
      }
      String group = base(s.stage(), hash) + "\nread " + String.join(" ", read.values());
      v = new Variant(Map.copyOf(read), new java.lang.ref.SoftReference<>(s.module()), r,
          Verdicts.keepable(r) ? group : null);
      if (v.group() != null) {
        memo.computeIfAbsent(base(s.stage(), hash), k -> new ArrayList<>()).add(v);
      }
    }
    ValidationResult r = v.result();
    if (r.malformed() || s.module().index() == null) {
      return new StageResult(v.group(), name, source, s.bytes(), r, null, List.of());
    }
    return new StageResult(v.group(), name, source, s.bytes(), r, PipelineValidator.missingEntryPoint(s), s.links(views));
  }

  /**
   * The report's results: one per module-level verdict, named as the stage when one stage has it,
   * else by the module with the stages that use it ({@link ValidateCommand.FileResult#usedBy}),
   * each stage's own findings then marked with the stage; a stage without a verdict to share is
   * its own result. In the order the stages came.
   */
  List<ValidateCommand.FileResult> results() {
    Map<Object, List<StageResult>> groups = new LinkedHashMap<>();
    for (StageResult s : stages) {
      groups.computeIfAbsent(s.group() == null ? new Object() : s.group(), k -> new ArrayList<>()).add(s);
    }
    List<ValidateCommand.FileResult> out = new ArrayList<>();
    for (List<StageResult> g : groups.values()) {
      StageResult first = g.get(0);
      if (g.size() == 1) {
        List<Diagnostic> all = new ArrayList<>();
        if (first.missing() != null) {
          all.add(first.missing());
        }
        all.addAll(first.module().diagnostics());
        all.addAll(first.links());
        out.add(new ValidateCommand.FileResult(first.moduleName() + " (" + first.source() + ")", List.copyOf(all),
            first.module().malformed(), first.bytes()));
        continue;
      }
      List<Diagnostic> all = new ArrayList<>(first.module().diagnostics());
      List<String> usedBy = new ArrayList<>();
      for (StageResult s : g) {
        usedBy.add(s.source());
        if (s.missing() != null) {
          all.add(s.missing());
        }
        for (Diagnostic d : s.links()) {
          all.add(d.message().contains(s.source()) ? d
              : new Diagnostic(d.vuid(), d.message() + " (" + s.source() + ")", d.instruction(), d.wordOffset(),
                  d.specText(), d.severity(), d.source(), d.parts()));
        }
      }
      out.add(new ValidateCommand.FileResult(first.moduleName(), List.copyOf(all), first.module().malformed(),
          first.bytes(), List.of(), 0, List.copyOf(usedBy)));
    }
    return out;
  }

  private static JsonNode encode(List<StageResult> stages) {
    ArrayNode a = VerdictCodec.MAPPER.createArrayNode();
    for (StageResult s : stages) {
      ObjectNode o = a.addObject();
      o.put("group", s.group());
      o.put("module", s.moduleName());
      o.put("source", s.source());
      o.set("verdict", VerdictCodec.result(s.module()));
      if (s.missing() != null) {
        o.set("missing", VerdictCodec.diagnostic(s.missing()));
      }
      o.set("links", VerdictCodec.diagnostics(s.links()));
    }
    return a;
  }

  /** The stored stages, with the bytes just read; null when {@code body} is none or not of this pipeline's shape. */
  private static List<StageResult> decode(JsonNode body, List<byte[]> bytes) {
    if (body == null || !body.isArray() || body.size() != bytes.size()) {
      return null;
    }
    List<StageResult> out = new ArrayList<>();
    try {
      for (int i = 0; i < body.size(); i++) {
        JsonNode o = body.get(i);
        out.add(new StageResult(VerdictCodec.text(o, "group"), VerdictCodec.text(o, "module"),
            VerdictCodec.text(o, "source"), bytes.get(i), VerdictCodec.result(o.get("verdict")),
            o.has("missing") ? VerdictCodec.diagnostic(o.get("missing")) : null,
            VerdictCodec.diagnostics(o.get("links"))));
      }
    } catch (VerdictCodec.Bad | RuntimeException e) {
      return null;
    }
    return out;
  }
}
