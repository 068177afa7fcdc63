package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.runtime.support.Sources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The project's Fossilize captures written as archives by Fossilize itself ({@code foz-json
 * from-json}, {@code ../shared/oracle/fossilize/}, which records every object with Fossilize's
 * recorder), and read back as one document ({@code foz-json to-json}): vkrules gives the archive
 * exactly the findings of the document Fossilize makes of it, and of the capture it was made from
 * when Fossilize kept all of it. Skipped, naming foz-json, when it is absent.
 */
class FozJsonRoundTripTest {
  private static final Path ORACLE = Sources.root().resolve("../shared/oracle/fossilize").normalize();
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static void fozJson(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(ORACLE.resolve("foz-json").toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "foz-json " + args[0] + " did not end");
    assertEquals(0, p.exitValue(), "foz-json " + String.join(" ", args) + ": " + out);
  }

  private static ValidateCommandTest.Run json(Path pipeline) {
    return ValidateCommandTest.run("validate", "--format", "json", "--pipeline", pipeline.toString());
  }

  /** The tables of a capture that hold objects (Fossilize writes empty ones and its application's own). */
  private static JsonNode tables(Path capture) throws Exception {
    ObjectNode o = (ObjectNode) JSON.readTree(capture.toFile());
    o.remove(List.of("version", "applicationInfo", "physicalDeviceFeatures"));
    List<String> empty = new ArrayList<>();
    o.fields().forEachRemaining(e -> {
      if (e.getValue().isEmpty()) {
        empty.add(e.getKey());
      }
    });
    o.remove(empty);
    return o;
  }

  @Test
  void fossilizesArchiveOfEachCaptureGivesTheFindingsOfItsDocument() throws Exception {
    assumeTrue(Files.isExecutable(ORACLE.resolve("foz-json")), "no foz-json: " + ORACLE.resolve("foz-json")
        + " is absent (Fossilize's recorder, the writer of the archives compared here)");
    List<Path> captures = new ArrayList<>();
    try (var files = Files.list(Sources.root().resolve("examples/pipelines/fossilize"))) {
      files.filter(f -> f.toString().endsWith(".json")).sorted().forEach(captures::add);
    }
    Path state = ORACLE.resolve("samples/sample.state.json");
    if (Files.isRegularFile(state)) {
      captures.add(state);
    }
    int kept = 0;
    for (Path capture : captures) {
      String name = capture.getFileName().toString().replace(".json", "");
      Path foz = dir.resolve(name + ".foz");
      Path back = dir.resolve(name + ".back.json");
      fozJson("from-json", capture.toString(), foz.toString());
      fozJson("to-json", foz.toString(), back.toString());
      ValidateCommandTest.Run archive = json(foz);
      ValidateCommandTest.Run document = json(back);
      assertEquals("", archive.err(), name);
      assertEquals(document.exit(), archive.exit(), name + ": " + archive.out());
      assertEquals(FozOracleTest.findings(document, back), FozOracleTest.findings(archive, foz), name);
      if (tables(capture).equals(tables(back))) {
        // Fossilize kept every object as the capture has it: the capture's own findings too
        ValidateCommandTest.Run original = json(capture);
        assertEquals(FozOracleTest.findings(original, capture), FozOracleTest.findings(archive, foz), name);
        kept++;
      }
    }
    // capture.json, raytracing.json and the sample; libraries.json writes a graphics pipeline's
    // libraryInfo as a member, which Fossilize's replayer does not read (it writes it in pNext)
    assertTrue(kept >= 2, "captures Fossilize kept whole: " + kept);
  }
}
