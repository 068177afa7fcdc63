package dev.vkrules.generator.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Rule directories for tests, in the rule-file format of docs/rule-files.md, built from the
 * VUIDs (ids and condition keys) of Khronos' validusage.json 1.3.239 (the test fixture of the
 * condition-bearing era, {@link #FIXTURE}),
 * with authored statuses drawn from a seeded random source.
 */
final class RuleFixtures {
  /** One fixture VUID: id, section and validusage.json condition key. */
  record Entry(String vuid, String section, String condition) {}

  static final String[] REASONS = {
      "needs pipeline state", "needs run-time values", "needs device information"};

  private RuleFixtures() {}

  /** The spec inputs of 1.3.239, whose validusage.json still files VUIDs under their conditions. */
  static Path fixture() {
    return Cli.root().resolve("generator/src/test/fixtures/vulkan-1.3.239");
  }

  static List<Entry> validusage() throws IOException {
    JsonNode root = new ObjectMapper().readTree(fixture().resolve("validusage-spirv.json").toFile());
    List<Entry> out = new ArrayList<>();
    Iterator<Map.Entry<String, JsonNode>> sections = root.get("validation").fields();
    while (sections.hasNext()) {
      Map.Entry<String, JsonNode> s = sections.next();
      Iterator<Map.Entry<String, JsonNode>> keys = s.getValue().fields();
      while (keys.hasNext()) {
        Map.Entry<String, JsonNode> k = keys.next();
        for (JsonNode v : k.getValue()) {
          out.add(new Entry(v.get("vuid").asText(), s.getKey(), k.getKey()));
        }
      }
    }
    return out;
  }

  /** The ifdef/ifndef stack a validusage.json condition key stands for. */
  static List<Conditional> stack(String key) {
    List<Conditional> out = new ArrayList<>();
    if (key.equals("core")) {
      return out;
    }
    // Entries are "(EXPR)" or "!(EXPR)" joined by '+'; EXPR holds no parentheses.
    for (String part : key.split("(?<=\\))\\+")) {
      boolean not = part.startsWith("!");
      String expr = part.substring(not ? 2 : 1, part.length() - 1);
      out.add(new Conditional(not ? "ifndef" : "ifdef", expr));
    }
    return out;
  }

  /** Writes one rule file per entry with a random status; returns the directory. */
  static Path write(Path dir, List<Entry> entries, long seed) throws IOException {
    Random random = new Random(seed);
    for (Entry e : entries) {
      Status status = Status.values()[random.nextInt(Status.values().length)];
      String reason = status == Status.NOT_CHECKABLE ? REASONS[random.nextInt(REASONS.length)] : null;
      int valid = status.checked() ? 1 + random.nextInt(2) : 0;
      int invalid = status.checked() ? 1 + random.nextInt(3) : 0;
      boolean stale = status != Status.TODO && random.nextInt(5) == 0;
      writeRule(dir, e, status, reason, valid, invalid, stale);
    }
    return dir;
  }

  static void writeRule(Path dir, Entry e, Status status, String reason, int valid, int invalid,
      boolean stale) throws IOException {
    writeRule(dir, e, status, reason, valid, invalid, stale, Integer.toHexString(e.vuid().hashCode()));
  }

  static void writeRule(Path dir, Entry e, Status status, String reason, int valid, int invalid,
      boolean stale, String hash) throws IOException {
    StringBuilder y = new StringBuilder();
    y.append("# AUTO-GENERATED above the 'authored:' line by a test.\n");
    y.append("vuid: ").append(e.vuid()).append('\n');
    y.append("extracted:\n");
    y.append("  section: ").append(e.section()).append('\n');
    y.append("  condition: '").append(e.condition()).append("'\n");
    y.append("  conditions:\n");
    List<Conditional> stack = stack(e.condition());
    if (stack.isEmpty()) {
      y.setLength(y.length() - 1);
      y.append(" []\n");
    }
    for (Conditional c : stack) {
      y.append("  - {directive: ").append(c.directive()).append(", expression: '")
          .append(c.expression()).append("'}\n");
    }
    y.append("  source: spirvenv.adoc:1\n");
    y.append("  hash: ").append(hash).append('\n');
    y.append("  text: |-\n    Some text, with: a colon\n");
    if (stale) {
      y.append("  stale: true\n");
    }
    y.append("authored:\n");
    y.append("  status: ").append(status.label()).append('\n');
    if (reason != null) {
      y.append("  reason: ").append(reason).append('\n');
    }
    if (status != Status.TODO) {
      y.append("  reviewed-hash: ").append(stale ? "0" + hash : hash).append('\n');
    }
    if (valid + invalid > 0) {
      y.append("  examples:\n    valid:\n");
      for (int i = 0; i < valid; i++) {
        y.append("    - |\n      ; valid ").append(i).append('\n');
      }
      y.append("    invalid:\n");
      for (int i = 0; i < invalid; i++) {
        y.append("    - |\n      ; invalid ").append(i).append('\n');
      }
    }
    Path file = dir.resolve(e.section().equals("StandaloneSpirv") ? "standalone" : "runtime")
        .resolve(e.vuid() + ".yaml");
    Files.createDirectories(file.getParent());
    Files.writeString(file, y.toString(), StandardCharsets.UTF_8);
  }
}
