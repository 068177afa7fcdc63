package dev.vkrules.generator.audit;

import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.rules.RuleError;
import dev.vkrules.generator.rules.YNode;
import dev.vkrules.generator.rules.YamlReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads the rule files of a {@code rules/} directory into {@link AuditRule}s.
 *
 * <p>Only the fields the audit needs are read, with the rule compiler's YAML reader so that
 * errors name file, line and column; the compiler validates the rest (checks, messages).
 * A rule file is named after its VUID ({@code VUID-*.yaml}, see docs/rule-files.md); other
 * YAML files (tables, overrides) are not rules and are skipped. Rules of VUIDs that left the
 * spec (under {@value #RETIRED}/, or marked {@code removed: true}) are read as retired.
 */
public final class RuleDirectory {
  /** Where extract keeps the rules of VUIDs that left the spec (extract's OutputWriter.RETIRED). */
  static final String RETIRED = dev.vkrules.generator.extract.OutputWriter.RETIRED;

  private RuleDirectory() {}

  static boolean isRuleFile(String fileName) {
    return fileName.startsWith("VUID-") && fileName.endsWith(".yaml");
  }

  /** Every rule under {@code dir}, sorted by VUID. */
  public static List<AuditRule> read(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new GeneratorException("rules directory not found: " + dir);
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(dir)) {
      files = walk.filter(p -> isRuleFile(p.getFileName().toString()))
          .sorted()
          .toList();
    } catch (IOException | UncheckedIOException e) {
      throw new GeneratorException("cannot list " + dir + ": " + e.getMessage());
    }
    List<AuditRule> rules = new ArrayList<>();
    for (Path file : files) {
      String name = dir.relativize(file).toString().replace('\\', '/');
      try {
        rules.add(parse(name, Files.readString(file, StandardCharsets.UTF_8)));
      } catch (IOException e) {
        throw new GeneratorException(name + ": cannot read: " + e.getMessage());
      }
    }
    // Active rules first: a VUID may have a retired copy too (a run of extract stopped while
    // bringing it back, or a block moved by hand), never two active or two retired files.
    rules.sort(Comparator.comparing(AuditRule::vuid).thenComparing(AuditRule::retired));
    for (int i = 1; i < rules.size(); i++) {
      if (rules.get(i).vuid().equals(rules.get(i - 1).vuid()) && rules.get(i).retired() == rules.get(i - 1).retired()) {
        throw new GeneratorException(rules.get(i).file() + ":1:1: duplicate vuid " + rules.get(i).vuid()
            + ", also in " + rules.get(i - 1).file());
      }
    }
    return rules;
  }

  /** Parses one rule file; {@code name} is its path relative to the rules directory. */
  static AuditRule parse(String name, String text) {
    YNode.Map root = YNode.asMap(YamlReader.read(name, text), "the rule file");
    String vuid = scalar(root, "vuid", true);
    YNode.Map ex = YNode.asMap(root.required("extracted"), "extracted");
    List<Conditional> stack = new ArrayList<>();
    YNode conds = ex.get("conditions");
    if (conds instanceof YNode.Seq seq) {
      for (YNode c : seq.items()) {
        YNode.Map cm = YNode.asMap(c, "a condition");
        try {
          stack.add(new Conditional(scalar(cm, "directive", true), scalar(cm, "expression", true)));
        } catch (RuleError e) {
          throw e;
        } catch (GeneratorException e) {
          throw new RuleError(cm.pos(), e.getMessage());
        }
      }
    } else if (conds != null && !isNull(conds)) {
      throw new RuleError(conds.pos(), "extracted.conditions must be a list, got " + YNode.kindOf(conds));
    }
    Status status = Status.TODO;
    String reason = null;
    String reviewed = null;
    int valid = 0;
    int invalid = 0;
    boolean pipeline = false;
    YNode au = root.get("authored");
    if (au != null && !isNull(au)) {
      YNode.Map am = YNode.asMap(au, "authored");
      String label = scalar(am, "status", false);
      if (label != null) {
        status = Status.ofLabel(label);
        if (status == null) {
          throw new RuleError(am.get("status").pos(), "authored.status '" + label
              + "' is not one of todo, declarative, native, not-checkable");
        }
      }
      reason = scalar(am, "reason", false);
      // a rule of a pipeline create info (rules/pipeline/: layout, vertex input, tessellation stages)
      // is decided only under validate --pipeline, whatever its check; so is a runtime rule whose
      // check reads pipeline state, or one decided natively by a pass over the linked stages
      pipeline = readsPipeline(am.get("check")) || name.startsWith(dev.vkrules.generator.extract.RuleFiles.PIPELINE + "/")
          || (status == Status.NATIVE && am.get("check") == null
              && dev.vkrules.generator.rules.RuleLoader.isPipelinePass(scalar(am, "native", false)));
      reviewed = scalar(am, "reviewed-hash", false);
      if (am.get("examples") instanceof YNode.Map examples) {
        valid = count(examples.get("valid"));
        invalid = count(examples.get("invalid"));
      }
    }
    String condition = scalar(ex, "condition", false);
    String stale = scalar(ex, "stale", false);
    String source = scalar(ex, "source", false);
    String specText = scalar(ex, "text", false);
    boolean retired = name.startsWith(RETIRED + "/") || "true".equals(scalar(ex, "removed", false));
    return new AuditRule(vuid, name, scalar(ex, "section", true),
        condition == null ? conditionKey(stack) : condition, stack, source == null ? "" : source,
        scalar(ex, "hash", true), "true".equals(stale), status, reason, reviewed, valid, invalid,
        specText == null ? "" : specText, retired, pipeline);
  }

  /** Whether a check reads pipeline state: a {@code pipeline:} predicate anywhere in it. */
  static boolean readsPipeline(YNode check) {
    if (check instanceof YNode.Map m) {
      if (m.entries().containsKey("pipeline")) {
        return true;
      }
      return m.entries().values().stream().anyMatch(RuleDirectory::readsPipeline);
    }
    if (check instanceof YNode.Seq s) {
      return s.items().stream().anyMatch(RuleDirectory::readsPipeline);
    }
    return false;
  }

  /** The validusage.json key of a stack, for rule files that do not record it. */
  static String conditionKey(List<Conditional> stack) {
    if (stack.isEmpty()) {
      return "core";
    }
    return String.join("+", stack.stream().map(Conditional::key).toList());
  }

  private static int count(YNode list) {
    return list instanceof YNode.Seq seq ? seq.items().size() : 0;
  }

  private static boolean isNull(YNode n) {
    return n instanceof YNode.Scalar s && s.text() == null;
  }

  private static String scalar(YNode.Map m, String key, boolean needed) {
    YNode n = m.get(key);
    if (n == null || isNull(n)) {
      if (needed) {
        throw new RuleError(m.pos(), "missing '" + key + "'");
      }
      return null;
    }
    if (n instanceof YNode.Scalar s) {
      return s.text();
    }
    throw new RuleError(n.pos(), "'" + key + "' must be a scalar, got " + YNode.kindOf(n));
  }
}
