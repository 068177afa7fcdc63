package dev.vkrules.generator.rules;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** Loads rule files into {@link RuleFile}s, checking the authored part's schema on the way. */
public final class RuleLoader {
  static final Set<String> STATUSES = Set.of("todo", "declarative", "native", "not-checkable");
  static final Set<String> AUTHORED_KEYS = Set.of("status", "reviewed-hash", "message", "check", "native",
      "justification", "reason", "peers", "compilers-emit", "examples");
  private static final Set<String> EXAMPLE_KEYS = Set.of("asm", "target-env", "spirv-val", "also", "device",
      "pipeline");
  static final Set<String> TARGET_ENVS = Set.copyOf(dev.vkrules.generator.audit.AttributeSet.ENVIRONMENTS);

  private RuleLoader() {}

  /** Every rule file under {@code rules/standalone} and {@code rules/runtime}, sorted by path. */
  public static List<RuleFile> loadAll(Path rules) {
    List<RuleFile> out = new ArrayList<>();
    for (String section : List.of("standalone", "runtime")) {
      Path dir = rules.resolve(section);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> files = Files.list(dir)) {
        for (Path p : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
          out.add(load(p, rules.getParent() == null ? p : rules.getParent().relativize(p)));
        }
      } catch (IOException e) {
        throw new GeneratorException("cannot list " + dir + ": " + e.getMessage());
      }
    }
    return out;
  }

  /** Loads one file; {@code shownAs} is the relative path used in positions. */
  public static RuleFile load(Path file, Path shownAs) {
    RuleFile rule = read(file, shownAs);
    checkAlso(rule, file);
    return rule;
  }

  private static RuleFile read(Path file, Path shownAs) {
    try {
      return parse(shownAs.toString().replace('\\', '/'), Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + shownAs + ": " + e.getMessage());
    }
  }

  /**
   * Every {@code also} VUID of an example must be a rule with a check, in the rules directory
   * this file belongs to ({@code rules/standalone}, {@code rules/runtime}): otherwise no
   * checker could raise it and the example would excuse a VUID nothing reports.
   */
  private static void checkAlso(RuleFile rule, Path file) {
    Path dir = file.toAbsolutePath().getParent();
    Path rules = dir == null ? null : dir.getParent();
    for (RuleFile.Example e : rule.authored().invalid()) {
      for (String vuid : e.also()) {
        RuleFile other = null;
        for (String section : List.of("standalone", "runtime")) {
          Path p = rules == null ? null : rules.resolve(section).resolve(vuid + ".yaml");
          if (p != null && Files.isRegularFile(p)) {
            other = read(p, p.getFileName());
          }
        }
        if (other == null) {
          throw new RuleError(e.pos(), "also names " + vuid + ", which is no rule in "
              + (rules == null ? "the rules directory" : rules.getFileName() + "/standalone or /runtime"));
        }
        if (!other.executable()) {
          throw new RuleError(e.pos(), "also names " + vuid + ", which has no check (status "
              + other.authored().status() + (other.removed() ? ", removed" : "") + "); nothing could raise it");
        }
      }
    }
  }

  public static RuleFile parse(String name, String text) {
    YNode root = YamlReader.read(name, text);
    YNode.Map map = YNode.asMap(root, "rule file");
    String vuid = string(map, "vuid", true);
    String base = name.substring(name.lastIndexOf('/') + 1);
    // A file named for a VUID is that VUID's rule: a copy that kept the old name would check the wrong rule.
    if (base.startsWith("VUID-") && base.endsWith(".yaml") && !base.equals(vuid + ".yaml")) {
      throw new RuleError(map.get("vuid").pos(), "vuid " + vuid + " does not match the file name " + base
          + "; a rule file is named <vuid>.yaml");
    }
    YNode.Map extracted = YNode.asMap(map.required("extracted"), "extracted");
    List<RuleFile.Condition> conditions = new ArrayList<>();
    if (extracted.get("conditions") instanceof YNode.Seq seq) {
      for (YNode c : seq.items()) {
        YNode.Map cm = YNode.asMap(c, "condition");
        String directive = string(cm, "directive", true);
        if (!directive.equals("ifdef") && !directive.equals("ifndef")) {
          throw new RuleError(cm.get("directive").pos(), "condition directive must be ifdef or ifndef, got '" + directive + "'");
        }
        conditions.add(new RuleFile.Condition(directive, string(cm, "expression", true)));
      }
    }
    YNode.Map authored = YNode.asMap(map.required("authored"), "authored");
    for (String key : authored.entries().keySet()) {
      if (!AUTHORED_KEYS.contains(key)) {
        throw new RuleError(authored.keyPos(key), "unknown authored key '" + key + "'"
            + Suggest.didYouMean(key, new java.util.TreeSet<>(AUTHORED_KEYS)));
      }
    }
    String status = string(authored, "status", true);
    if (!STATUSES.contains(status)) {
      throw new RuleError(authored.get("status").pos(), "unknown status '" + status + "', expected one of "
          + new java.util.TreeSet<>(STATUSES) + Suggest.didYouMean(status, new java.util.TreeSet<>(STATUSES)));
    }
    List<RuleFile.Example> invalid = new ArrayList<>();
    List<RuleFile.Example> valid = new ArrayList<>();
    if (authored.get("examples") != null) {
      YNode.Map ex = YNode.asMap(authored.get("examples"), "examples");
      for (String key : ex.entries().keySet()) {
        if (!key.equals("invalid") && !key.equals("valid")) {
          throw new RuleError(ex.keyPos(key), "unknown examples key '" + key + "', expected invalid or valid");
        }
      }
      examples(ex.get("invalid"), invalid, vuid);
      examples(ex.get("valid"), valid, vuid);
      for (RuleFile.Example e : valid) {
        if (e.spirvVal() != null) {
          throw new RuleError(e.pos(), "'spirv-val' explains an invalid example; a valid example must pass spirv-val");
        }
        if (!e.also().isEmpty()) {
          throw new RuleError(e.pos(), "'also' lists what an invalid example breaks too; a valid example breaks nothing");
        }
      }
    }
    YNode check = authored.get("check");
    RuleFile.Authored a = new RuleFile.Authored(status, string(authored, "reviewed-hash", false),
        string(authored, "message", false), check, string(authored, "native", false),
        string(authored, "justification", false), string(authored, "reason", false), invalid, valid,
        compilersEmit(authored, status, vuid));
    validate(name, authored, a);
    YNode removed = extracted.get("removed");
    if (removed != null && !(removed instanceof YNode.Scalar sc && sc.text().equals("true"))) {
      throw new RuleError(removed.pos(), "extracted.removed is written by vkrules extract as 'true' only");
    }
    String hash = string(extracted, "hash", false);
    reviewed(authored, a, hash, "true".equals(string(extracted, "stale", false)));
    return new RuleFile(name, vuid, string(extracted, "section", false), conditions,
        string(extracted, "text", false), hash, removed != null, a);
  }

  /** The longest {@code compilers-emit} reason: it is printed as one extra line under each finding. */
  static final int COMPILERS_EMIT_MAX = 400;

  /**
   * {@code compilers-emit}: the project's review that a finding of this rule is right by the
   * spec's words though common compilers emit such modules, as a mapping of {@code reason} (why,
   * one sentence or two on one line: it is printed under every finding) and {@code references}
   * (https URLs: the spec's words first, then the upstream discussion). Only on a rule with a
   * check (no other reports); the rules that carry one make the compiler-compatibility preset.
   */
  private static RuleFile.CompilersEmit compilersEmit(YNode.Map authored, String status, String vuid) {
    YNode node = authored.get("compilers-emit");
    if (node == null) {
      return null;
    }
    YNode.Pos pos = node.pos();
    if (!status.equals("declarative") && !status.equals("native")) {
      throw new RuleError(pos, "'compilers-emit' explains a finding; status " + status + " reports none");
    }
    if (!(node instanceof YNode.Map map)) {
      throw new RuleError(pos, "'compilers-emit' is a mapping of reason and references, got " + YNode.kindOf(node));
    }
    for (String key : map.entries().keySet()) {
      if (!key.equals("reason") && !key.equals("references")) {
        throw new RuleError(map.keyPos(key), "unknown compilers-emit key '" + key + "', expected reason or references");
      }
    }
    String note = string(map, "reason", true);
    YNode.Pos at = map.get("reason").pos();
    if (note.isBlank() || note.contains("\n") || note.length() > COMPILERS_EMIT_MAX) {
      throw new RuleError(at, "'compilers-emit.reason' must be one line of at most " + COMPILERS_EMIT_MAX
          + " characters (it is printed under each finding), got " + note.length());
    }
    if (!note.matches("[A-Za-z].*\\.")) {
      throw new RuleError(at, "'compilers-emit.reason' must be a sentence: a letter first, a period last");
    }
    if (!(map.required("references") instanceof YNode.Seq refs) || refs.items().isEmpty()) {
      throw new RuleError(map.get("references").pos(), "'compilers-emit.references' is a list of at least one URL"
          + " (the spec's words, the upstream discussion)");
    }
    List<String> references = new ArrayList<>();
    for (YNode n : refs.items()) {
      String url = n instanceof YNode.Scalar s ? s.text() : null;
      if (url == null || !url.matches("https://[^\\s]+")) {
        throw new RuleError(n.pos(), "a compilers-emit reference is an https URL, got " + (url == null ? YNode.kindOf(n) : "'" + url + "'"));
      }
      // a link into the specification names this rule's anchor, not another VUID's
      int anchor = url.indexOf("#VUID-");
      if (anchor >= 0 && !url.substring(anchor + 1).equals(vuid)) {
        throw new RuleError(n.pos(), "a reference into the specification must name this rule's anchor #" + vuid
            + ", got #" + url.substring(anchor + 1));
      }
      if (references.contains(url)) {
        throw new RuleError(n.pos(), "compilers-emit names the reference " + url + " twice");
      }
      references.add(url);
    }
    return new RuleFile.CompilersEmit(note, List.copyOf(references));
  }

  /**
   * The engine's passes over a whole pipeline that decide runtime rules natively without a
   * per-module check: such a rule is {@code status: native} with {@code native:} naming the pass,
   * no {@code check} (no module alone decides it; alone it reports "needs a pipeline
   * description") and a {@code justification} naming its evidence (pipeline examples and tests).
   */
  public static final Set<String> PIPELINE_PASSES = Set.of("PipelineLinks");

  /** Whether {@code nativeName} (null for none) names a pipeline pass ({@link #PIPELINE_PASSES}). */
  public static boolean isPipelinePass(String nativeName) {
    return nativeName != null && PIPELINE_PASSES.contains(nativeName);
  }

  private static void validate(String name, YNode.Map node, RuleFile.Authored a) {
    if (a.status().equals("native") && a.check() == null && a.nativeName() != null) {
      if (!PIPELINE_PASSES.contains(a.nativeName())) {
        throw new RuleError(node.keyPos("native"), "native '" + a.nativeName() + "' without a check must name a"
            + " pipeline pass (" + String.join(", ", new java.util.TreeSet<>(PIPELINE_PASSES)) + "); a module check needs 'check'");
      }
      need(node, a.message() != null, "message", a.status());
      need(node, a.reviewedHash() != null, "reviewed-hash", a.status());
      need(node, a.justification() != null, "justification", "native");
      if (!a.invalid().isEmpty() || !a.valid().isEmpty()) {
        throw new RuleError(node.keyPos("examples"), "a rule decided by the pipeline pass " + a.nativeName()
            + " has no module examples; its evidence is pipeline descriptions (name them in 'justification')");
      }
      return;
    }
    switch (a.status()) {
      case "declarative", "native" -> {
        need(node, a.check() != null, "check", a.status());
        need(node, a.message() != null, "message", a.status());
        need(node, a.reviewedHash() != null, "reviewed-hash", a.status());
        if (a.invalid().isEmpty()) {
          throw new RuleError(node.pos(), "examples.invalid is empty; every rule with a check needs one");
        }
        if (a.valid().isEmpty()) {
          throw new RuleError(node.pos(), "examples.valid is empty; every rule with a check needs one");
        }
        if (a.status().equals("native")) {
          need(node, a.nativeName() != null, "native", "native");
          need(node, a.justification() != null, "justification", "native");
        } else if (a.nativeName() != null) {
          throw new RuleError(node.keyPos("native"), "'native' needs status native");
        }
        if (a.message() != null && !a.message().matches("[A-Z].*\\.")) {
          throw new RuleError(node.get("message").pos(), "message must be one sentence: a capital first, a period last");
        }
      }
      case "not-checkable" -> need(node, a.reason() != null, "reason", "not-checkable");
      default -> {
        if (a.check() != null) {
          throw new RuleError(node.keyPos("check"), "a check needs status declarative or native, not " + a.status());
        }
      }
    }
  }

  /**
   * A check was reviewed against one text of the rule: when the spec's text changed since,
   * the check must be reviewed again. {@code extract} marks such a rule stale; a hash that
   * differs without that mark (an authored block moved to a successor VUID, or edited by hand)
   * is the same state, so it is a warning that names the rule, never a stopped build: the
   * update's work list must stay reachable (coverage counts the rule stale by its hashes).
   */
  private static void reviewed(YNode.Map authored, RuleFile.Authored a, String hash, boolean stale) {
    if (a.reviewedHash() == null || hash == null || stale || a.reviewedHash().equals(hash)) {
      return;
    }
    System.err.println("vkrules generate: warning: " + authored.get("reviewed-hash").pos() + ": reviewed-hash "
        + abbreviate(a.reviewedHash()) + " differs from extracted.hash " + abbreviate(hash)
        + "; the rule is stale: review the check against the spec's text and set reviewed-hash to the extracted hash");
  }

  private static String abbreviate(String hash) {
    return hash.length() > 12 ? hash.substring(0, 12) + "\u2026" : hash;
  }

  private static void need(YNode.Map node, boolean ok, String key, String status) {
    if (!ok) {
      throw new RuleError(node.pos(), "status " + status + " needs '" + key + "'");
    }
  }

  private static void examples(YNode node, List<RuleFile.Example> out, String vuid) {
    if (node == null) {
      return;
    }
    if (!(node instanceof YNode.Seq seq)) {
      throw new RuleError(node.pos(), "examples must be a list");
    }
    for (YNode item : seq.items()) {
      if (item instanceof YNode.Scalar s && s.text() != null) {
        out.add(new RuleFile.Example(s.text(), null, s.pos(), null));
      } else if (item instanceof YNode.Map m) {
        for (String key : m.entries().keySet()) {
          if (!EXAMPLE_KEYS.contains(key)) {
            throw new RuleError(m.keyPos(key), "unknown example key '" + key
                + "', expected asm, target-env, spirv-val, also, device or pipeline");
          }
        }
        String env = string(m, "target-env", false);
        if (env != null && !TARGET_ENVS.contains(env)) {
          throw new RuleError(m.get("target-env").pos(), "unknown target-env '" + env + "'"
              + Suggest.didYouMean(env, new java.util.TreeSet<>(TARGET_ENVS)));
        }
        if (m.get("device") != null) {
          YNode.asMap(m.get("device"), "device");
        }
        if (m.get("pipeline") != null) {
          YNode.asMap(m.get("pipeline"), "pipeline");
        }
        out.add(new RuleFile.Example(string(m, "asm", true), env, m.pos(), string(m, "spirv-val", false), also(m, vuid),
            m.get("device"), m.get("pipeline")));
      } else {
        throw new RuleError(item.pos(), "an example is SPIR-V assembly text or {asm, target-env}");
      }
    }
  }

  /**
   * {@code also: [VUID-...]}: the other VUIDs an invalid example necessarily breaks (each once,
   * never the rule's own {@code vuid}).
   */
  private static List<String> also(YNode.Map m, String vuid) {
    if (m.get("also") == null) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (YNode n : ValueTests.items(m.get("also"))) {
      String v = PredicateCompiler.scalar(n);
      if (!v.startsWith("VUID-")) {
        throw new RuleError(n.pos(), "'also' lists VUIDs (VUID-...), got '" + v + "'");
      }
      if (v.equals(vuid)) {
        throw new RuleError(n.pos(), "also names the rule's own VUID " + vuid);
      }
      if (out.contains(v)) {
        throw new RuleError(n.pos(), "also names " + v + " twice");
      }
      out.add(v);
    }
    return List.copyOf(out);
  }

  private static String string(YNode.Map map, String key, boolean required) {
    YNode n = map.get(key);
    if (n == null) {
      if (required) {
        throw new RuleError(map.pos(), "missing '" + key + "'");
      }
      return null;
    }
    if (n instanceof YNode.Scalar s && s.text() != null) {
      return s.text();
    }
    throw new RuleError(n.pos(), "'" + key + "' must be text, got " + YNode.kindOf(n));
  }
}
