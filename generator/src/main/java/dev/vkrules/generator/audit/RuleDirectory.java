package dev.vkrules.generator.audit;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Reads the rule files of a {@code rules/} directory into {@link AuditRule}s.
 *
 * <p>Only the fields the audit needs are read; the rule compiler validates the rest. Files
 * under {@code tables/} are tables, not rules, and are skipped.
 */
public final class RuleDirectory {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private RuleDirectory() {}

  /** Every rule under {@code dir}, sorted by VUID. */
  public static List<AuditRule> read(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new GeneratorException("rules directory not found: " + dir);
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(dir)) {
      files = walk.filter(p -> p.getFileName().toString().endsWith(".yaml"))
          .filter(p -> !dir.relativize(p).toString().replace('\\', '/').startsWith("tables/"))
          .sorted()
          .toList();
    } catch (IOException | UncheckedIOException e) {
      throw new GeneratorException("cannot list " + dir + ": " + e.getMessage());
    }
    List<AuditRule> rules = new ArrayList<>();
    for (Path file : files) {
      rules.add(readOne(dir, file));
    }
    rules.sort(Comparator.comparing(AuditRule::vuid));
    for (int i = 1; i < rules.size(); i++) {
      if (rules.get(i).vuid().equals(rules.get(i - 1).vuid())) {
        throw new GeneratorException(rules.get(i).file() + ": duplicate vuid " + rules.get(i).vuid()
            + ", also in " + rules.get(i - 1).file());
      }
    }
    return rules;
  }

  static AuditRule readOne(Path dir, Path file) {
    String name = dir.relativize(file).toString().replace('\\', '/');
    JsonNode root;
    try {
      root = YAML.readTree(Files.readString(file, StandardCharsets.UTF_8));
    } catch (JsonProcessingException e) {
      JsonLocation loc = e.getLocation();
      String where = loc == null ? name : name + ":" + loc.getLineNr() + ":" + loc.getColumnNr();
      throw new GeneratorException(where + ": invalid yaml: "
          + e.getOriginalMessage().split("\n")[0].toLowerCase(Locale.ROOT));
    } catch (IOException e) {
      throw new GeneratorException(name + ": cannot read: " + e.getMessage());
    }
    if (root == null || !root.isObject()) {
      throw new GeneratorException(name + ":1:1: expected a mapping with 'vuid', 'extracted' and 'authored'");
    }
    Fields f = new Fields(name, root);
    String vuid = f.text(root, "vuid");
    JsonNode ex = f.object(root, "extracted");
    JsonNode au = root.get("authored");
    List<Conditional> stack = new ArrayList<>();
    JsonNode conds = ex.get("conditions");
    if (conds != null && !conds.isNull()) {
      if (!conds.isArray()) {
        throw f.error("extracted.conditions is not a list");
      }
      for (JsonNode c : conds) {
        try {
          stack.add(new Conditional(f.text(c, "directive"), f.text(c, "expression")));
        } catch (GeneratorException e) {
          throw f.error("extracted.conditions: " + e.getMessage());
        }
      }
    }
    Status status = Status.TODO;
    String reason = null;
    String reviewed = null;
    int valid = 0;
    int invalid = 0;
    if (au != null && !au.isNull()) {
      if (!au.isObject()) {
        throw f.error("authored is not a mapping");
      }
      String label = au.hasNonNull("status") ? au.get("status").asText() : "todo";
      status = Status.ofLabel(label);
      if (status == null) {
        throw f.error("authored.status '" + label + "' is not one of todo, declarative, native, not-checkable");
      }
      reason = au.hasNonNull("reason") ? au.get("reason").asText() : null;
      reviewed = au.hasNonNull("reviewed-hash") ? au.get("reviewed-hash").asText() : null;
      JsonNode examples = au.get("examples");
      if (examples != null && examples.isObject()) {
        valid = count(examples.get("valid"));
        invalid = count(examples.get("invalid"));
      }
    }
    boolean stale = ex.hasNonNull("stale") && ex.get("stale").asBoolean();
    return new AuditRule(vuid, name, f.text(ex, "section"),
        ex.hasNonNull("condition") ? ex.get("condition").asText() : "core", stack,
        ex.hasNonNull("source") ? ex.get("source").asText() : "",
        f.text(ex, "hash"), stale, status, reason, reviewed, valid, invalid);
  }

  private static int count(JsonNode list) {
    return list == null || !list.isArray() ? 0 : list.size();
  }

  /** Field access whose errors name the file. */
  private record Fields(String file, JsonNode root) {
    String text(JsonNode node, String field) {
      JsonNode v = node.get(field);
      if (v == null || v.isNull() || !v.isValueNode()) {
        throw error("missing or non-scalar field '" + field + "'");
      }
      return v.asText();
    }

    JsonNode object(JsonNode node, String field) {
      JsonNode v = node.get(field);
      if (v == null || !v.isObject()) {
        throw error("missing mapping '" + field + "'");
      }
      return v;
    }

    GeneratorException error(String fragment) {
      return new GeneratorException(file + ": " + fragment);
    }
  }
}
