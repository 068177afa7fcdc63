package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/pipelines.md's triage ("What a pipeline description decides") and rules/runtime/ agree:
 * every RuntimeSpirv rule still {@code not-checkable} is listed and not as checked; every row
 * marked checked is a rule with a check; every listed VUID is a rule file; each section's count
 * is its number of rows.
 */
class PipelineTriageDocTest {
  private static final Pattern ROW = Pattern.compile("^\\| (VUID-RuntimeSpirv-[A-Za-z0-9_]+-\\d+) \\| (.+) \\| ([^|]+) \\|$");
  private static final Pattern SECTION = Pattern.compile("^### (.+) \\((\\d+)\\)$");

  @Test
  void theTriageListsEveryNotCheckableRuleWithItsTrueStatus() throws IOException {
    Path root = Extraction.root();
    Map<String, String> status = new TreeMap<>();
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    try (Stream<Path> files = Files.list(root.resolve("rules/runtime"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
        String text = Files.readString(f);
        JsonNode authored = yaml.readTree(text.substring(text.indexOf("\nauthored:\n") + 1)).path("authored");
        status.put(f.getFileName().toString().replace(".yaml", ""), authored.path("status").asText());
      }
    }
    Map<String, String> rows = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    String section = null;
    int expected = 0;
    int counted = 0;
    for (String line : Files.readAllLines(root.resolve("docs/pipelines.md"))) {
      Matcher s = SECTION.matcher(line);
      if (s.matches() || line.startsWith("## ")) {
        if (section != null && counted != expected) {
          problems.add("section '" + section + "' says " + expected + " and lists " + counted);
        }
        section = s.matches() ? s.group(1) : null;
        expected = s.matches() ? Integer.parseInt(s.group(2)) : 0;
        counted = 0;
        continue;
      }
      Matcher r = ROW.matcher(line);
      if (r.matches() && section != null) {
        counted++;
        if (rows.put(r.group(1), r.group(3).trim()) != null) {
          problems.add(r.group(1) + " is listed twice");
        }
      }
    }
    if (section != null && counted != expected) {
      problems.add("section '" + section + "' says " + expected + " and lists " + counted);
    }
    assertTrue(rows.size() >= 125, "the triage lists " + rows.size() + " VUIDs");
    rows.forEach((vuid, decision) -> {
      String st = status.get(vuid);
      if (st == null) {
        problems.add(vuid + " is listed but has no rule file in rules/runtime/");
      } else if (decision.equals("checked") && st.equals("not-checkable")) {
        problems.add(vuid + " is listed as checked but its rule is not-checkable");
      } else if (!decision.equals("checked") && !st.equals("not-checkable")) {
        problems.add(vuid + " is listed as '" + decision + "' but its rule is " + st + ": mark it checked");
      }
    });
    status.forEach((vuid, st) -> {
      if (st.equals("not-checkable") && !rows.containsKey(vuid)) {
        problems.add(vuid + " is not-checkable and missing from the triage");
      }
    });
    assertEquals(List.of(), problems);
  }
}
