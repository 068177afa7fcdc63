package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.base.CountedPart;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How a finding shows what its sum counted: in text, one line under the instruction (at most
 * eight parts, then how many more; "1 byte", names escaped to one line); in JSON, a {@code parts}
 * array; a finding without parts shows neither.
 */
class CountedPartsReportTest {
  private static Diagnostic finding(List<CountedPart> parts) {
    return new Diagnostic("", "A sum is too large.",
        "OpEntryPoint GLCompute %1 \"main\"", 10, "", Diagnostic.Severity.ERROR, parts);
  }

  @Test
  void textListsEightPartsThenCountsTheRest() {
    List<CountedPart> parts = new ArrayList<>();
    parts.add(new CountedPart("tile", 80000, "bytes", 67));
    parts.add(new CountedPart("Block.member\nnext", 16, "bytes", 71));
    parts.add(new CountedPart("%4", 1, "bytes", 75));
    for (int i = 0; i < 7; i++) {
      parts.add(new CountedPart("v" + i, 1, "Locations", 80 + i));
    }
    String text = Reports.text(List.of(new ValidateCommand.FileResult("m.spv", List.of(finding(parts)), false, new byte[0])),
        false, false);
    List<String> lines = text.lines().toList();
    assertEquals("  OpEntryPoint GLCompute %1 \"main\"  (word 10)", lines.get(1));
    assertEquals("  counted: 'tile' 80000 bytes, 'Block.member\\nnext' 16 bytes, '%4' 1 byte, 'v0' 1 Location,"
        + " 'v1' 1 Location, 'v2' 1 Location, 'v3' 1 Location, 'v4' 1 Location, and 2 more", lines.get(2));
    assertEquals(3, lines.size(), text);
  }

  @Test
  void jsonCarriesEveryPartAndOnlyWhenThereAreParts() throws Exception {
    List<CountedPart> parts = List.of(new CountedPart("tile", 80000, "bytes", 67), new CountedPart("PC.2", 4, "bytes", 30));
    String json = Reports.json(List.of(new ValidateCommand.FileResult("m.spv", List.of(finding(parts), finding(List.of())),
        false, new byte[0])), false);
    JsonNode ds = new ObjectMapper().readTree(json).get("files").get(0).get("diagnostics");
    JsonNode p = ds.get(0).get("parts");
    assertEquals(2, p.size());
    assertEquals("tile", p.get(0).get("name").asText());
    assertEquals(80000, p.get(0).get("size").asLong());
    assertEquals("bytes", p.get(0).get("unit").asText());
    assertEquals(67, p.get(0).get("word").asInt());
    assertEquals("PC.2", p.get(1).get("name").asText());
    assertEquals(null, ds.get(1).get("parts"));
    // a finding without parts prints no "counted" line
    String text = Reports.text(List.of(new ValidateCommand.FileResult("m.spv", List.of(finding(List.of())), false,
        new byte[0])), false, false);
    assertEquals(2, text.lines().count(), text);
  }
}
