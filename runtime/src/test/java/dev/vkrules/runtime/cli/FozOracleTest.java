package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.runtime.pipeline.FozArchive;
import dev.vkrules.runtime.pipeline.FozArchiveTestAccess;
import dev.vkrules.runtime.support.Sources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archives Fossilize itself wrote ({@code ../shared/oracle/fossilize/samples/}, described in its
 * README): each good form gives exactly the findings of the same content as one JSON document,
 * {@code sample.state.json}, and each damaged copy the behaviour the README's table gives it.
 * Skipped, naming the folder, when the samples are absent.
 */
class FozOracleTest {
  private static final Path SAMPLES = Sources.root().resolve("../shared/oracle/fossilize/samples").normalize();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PIPELINE = "f6afb675e108a8f1";

  @TempDir Path dir;

  private static Path sample(String name) {
    assumeTrue(Files.isRegularFile(SAMPLES.resolve("sample.state.json")),
        "no Fossilize samples: " + SAMPLES + " is absent (the oracle of docs/pipelines.md's archives)");
    return SAMPLES.resolve(name);
  }

  /** The report's per-module results of {@code args}, the file's name replaced by FILE, sorted (the two forms order objects apart). */
  static List<String> findings(ValidateCommandTest.Run r, Path file) throws Exception {
    JsonNode report = JSON.readTree(r.out());
    List<String> out = new ArrayList<>();
    for (JsonNode f : report.get("files")) {
      out.add(f.toString().replace(file.toString(), "FILE").replace(file.getFileName().toString(), "FILE"));
    }
    out.sort(null);
    return out;
  }

  private static ValidateCommandTest.Run json(Path pipeline) {
    return ValidateCommandTest.run("validate", "--format", "json", "--pipeline", pipeline.toString());
  }

  @Test
  void everyGoodFormGivesTheFindingsOfTheJsonDocument() throws Exception {
    Path state = sample("sample.state.json");
    ValidateCommandTest.Run expected = json(state);
    List<String> want = findings(expected, state);
    assertEquals(4, want.size(), expected.out());  // the graphics pipeline's two stages, the two compute pipelines
    // unknown-tag: an entry of tag 11 first, skipped; duplicate: the first sampler of a repeated key wins (maxLod
    // 1000); uncompressed-bitflip: a changed stride under CRC 0, not detectable, read as Fossilize reads it
    for (String form : List.of("sample.foz", "sample-uncompressed.foz", "sample-checksum-only.foz",
        "sample.convert-db.foz", "sample-unknown-tag.foz", "sample-duplicate.foz", "sample-uncompressed-bitflip.foz")) {
      Path foz = sample(form);
      ValidateCommandTest.Run got = json(foz);
      assertEquals(expected.exit(), got.exit(), form + ": " + got.err());
      assertEquals("", got.err(), form);
      assertEquals(want, findings(got, foz), form);
      // the archive as FILE, and in a directory, gives the same
      assertEquals(want, findings(ValidateCommandTest.run("validate", "--format", "json", foz.toString()), foz), form);
    }
  }

  @Test
  void aTruncatedArchiveKeepsItsTwentyTwoCompleteEntriesAndSaysWhereItEnded() throws Exception {
    String[][] cases = {
        {"sample-truncated.foz", "truncated at byte 5795: entry 23 (06." + PIPELINE + ") at byte 5339 declares"},
        {"sample-truncated-header.foz", "truncated at byte 5359: entry 23 at byte 5339 has 20 of its 56 bytes"}};
    for (String[] c : cases) {
      Path foz = sample(c[0]);
      assertEquals(22, FozArchiveTestAccess.open(foz).count(), c[0]);
      ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--pipeline", foz.toString());
      assertEquals(0, r.exit(), r.err());
      assertTrue(r.err().startsWith("vkrules: warning: " + foz + ": " + c[1]), r.err());
      assertTrue(r.err().endsWith("; the 22 entries before it are read\n"), r.err());
      assertEquals(1, r.err().lines().count(), r.err());
      assertEquals("0 modules: 0 clean, 0 invalid, 0 malformed\n", r.out());  // no pipeline survived the cut
    }
  }

  @Test
  void aBitFlipIsOneLineNamingTheEntryAndTheComputePipelinesAreStillValidated() throws Exception {
    Path state = sample("sample.state.json");
    Path foz = sample("sample-bitflip.foz");
    ValidateCommandTest.Run r = json(foz);
    assertEquals(Main.EXIT_USAGE, r.exit(), r.err());
    List<String> got = findings(r, foz);
    List<String> compute = findings(json(state), state).stream().filter(f -> f.contains("computePipelines")).toList();
    assertEquals(2, compute.size());
    List<String> expected = new ArrayList<>(compute);
    expected.add("{\"file\":\"FILE\",\"malformed\":false,\"diagnostics\":[{\"vuid\":\"\",\"severity\":\"internal-error\","
        + "\"message\":\"entry 06." + PIPELINE + ": CRC-32 mismatch (the header says f756c75f, the 832 stored bytes give"
        + " 18a32ec2)\"");
    expected.sort(null);
    assertEquals(expected.size(), got.size(), r.out());
    for (int i = 0; i < got.size(); i++) {
      assertTrue(got.get(i).startsWith(expected.get(i)), got.get(i));
    }
    ValidateCommandTest.Run text = ValidateCommandTest.run("validate", "--pipeline", foz.toString());
    assertTrue(text.out().contains(foz + ": entry 06." + PIPELINE + ": CRC-32 mismatch (the header says f756c75f"), text.out());
  }

  @Test
  void whatFossilizeCannotOpenIsOneLineAndExitTwo() throws Exception {
    String[][] cases = {
        {"sample-badmagic.foz", "byte 0 is 0x80, not 0x81 of the magic \\x81FOSSILIZEDB\\0\\0\\0"},
        {"sample-badversion.foz", "version 7, expected 5 to 6 (byte 15)"},
        {"sample-zero-length.foz", "the file is empty (an archive starts with a 16-byte header)"}};
    for (String[] c : cases) {
      Path foz = sample(c[0]);
      ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--pipeline", foz.toString());
      assertEquals(Main.EXIT_USAGE, r.exit());
      assertEquals("", r.out());
      assertEquals("vkrules: " + foz + ": not a Fossilize archive: " + c[1] + "\n", r.err());
      // as FILE or in a directory: a result of its own, as an unreadable module is; the others are validated
      Path tree = Files.createDirectories(dir.resolve(c[0] + ".d"));
      Files.copy(foz, tree.resolve(c[0]));
      Files.copy(sample("sample.foz"), tree.resolve("sample.foz"));
      ValidateCommandTest.Run walk = ValidateCommandTest.run("validate", tree.toString());
      assertEquals(Main.EXIT_USAGE, walk.exit(), walk.err());
      assertTrue(walk.out().contains(tree.resolve(c[0]) + ": not a Fossilize archive: " + c[1] + "\n"), walk.out());
      assertTrue(walk.out().endsWith("5 modules: 3 clean, 1 invalid, 0 malformed, 1 not checked (vkrules error);"
          + " seen: 3 pipelines, 3 distinct modules\n"),
          walk.out());
    }
  }

  @Test
  void theHeaderAloneIsAnEmptyArchiveSaidInOneLine() throws Exception {
    Path foz = sample("sample-header-only.foz");
    ValidateCommandTest.Run r = ValidateCommandTest.run("validate", "--pipeline", foz.toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals("vkrules: warning: " + foz + ": the archive holds no graphics, compute or ray tracing pipelines"
        + " (0 entries)\n", r.err());
  }

  @Test
  void sampleFozCutAtEveryByteKeepsItsCompleteEntries() throws Exception {
    Path foz = sample("sample.foz");
    FozArchiveTestAccess.truncations(dir, Files.readAllBytes(foz));
    assertTrue(FozArchive.looksLike(foz));
  }
}
