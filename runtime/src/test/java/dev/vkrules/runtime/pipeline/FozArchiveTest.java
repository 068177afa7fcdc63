package dev.vkrules.runtime.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading Fossilize archives: the index, payloads, modules, and what a damaged archive gives. */
class FozArchiveTest {
  private static final Path FIXTURES = PipelineReaderTest.EXAMPLES.resolve("fossilize");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String MODULE = "8c2f1a04d3b7e9a1";
  private static final String LAYOUT = "5e0d7c31a9f4b862";
  private static final String PIPELINE = "f00dfacec0ffee01";
  private static final String OTHER = "f00dfacec0ffee02";

  @TempDir Path dir;

  private Path write(String name, byte[] bytes) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, bytes);
    return p;
  }

  /** capture.json with a second compute pipeline, {@link #OTHER}, on the same module and layout. */
  private static ObjectNode twoPipelines() throws IOException {
    ObjectNode capture = (ObjectNode) JSON.readTree(FIXTURES.resolve("capture.json").toFile());
    ObjectNode pipelines = (ObjectNode) capture.get("computePipelines");
    pipelines.set(OTHER, pipelines.get(PIPELINE).deepCopy());
    return capture;
  }

  /** The capture's archive with the entries of {@code damagedTag}/{@code damagedHash} written by {@code damage}. */
  private byte[] archive(ObjectNode capture, int damagedTag, String damagedHash, Damage damage) throws Exception {
    FozWriter w = new FozWriter();
    int[] tags = {4, 2, 3, 7};
    String[] tables = {"shaderModules", "setLayouts", "pipelineLayouts", "computePipelines"};
    for (int i = 0; i < tags.length; i++) {
      for (var it = capture.get(tables[i]).fields(); it.hasNext(); ) {
        var e = it.next();
        byte[] payload = FozWriter.payload(tables[i], e.getKey(), e.getValue());
        long hash = Long.parseUnsignedLong(e.getKey(), 16);
        if (tags[i] == damagedTag && e.getKey().equals(damagedHash)) {
          damage.write(w, tags[i], hash, payload);
        } else {
          w.entry(tags[i], hash, payload, true, true);
        }
      }
    }
    return w.bytes();
  }

  @FunctionalInterface
  private interface Damage {
    void write(FozWriter w, int tag, long hash, byte[] payload) throws Exception;
  }

  @Test
  void everyFixtureCaptureReadsAsAnArchiveInEachEncodingWithTheSameStagesAndCode() throws Exception {
    try (var files = Files.list(FIXTURES)) {
      for (Path json : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
        PipelineDescription expected = PipelineReader.read(json);
        for (boolean compress : new boolean[] {false, true}) {
          for (boolean crc : new boolean[] {false, true}) {
            Path foz = write(json.getFileName().toString().replace(".json", ".foz"),
                FozWriter.fromCapture(Files.readAllBytes(json), compress, crc));
            PipelineDescription got = PipelineReader.read(foz);
            assertEquals(PipelineDescription.Format.FOSSILIZE_ARCHIVE, got.format());
            assertEquals(List.of(), got.unread(), json.toString());
            assertEquals(List.of(), got.notes(), json.toString());
            assertEquals(expected.pipelines().size(), got.pipelines().size(), json.toString());
            for (int p = 0; p < expected.pipelines().size(); p++) {
              Pipeline e = expected.pipelines().get(p);
              Pipeline g = got.pipelines().get(p);
              assertEquals(e.name().replace(json.toString(), foz.toString()), g.name());
              assertEquals(e.stages().size(), g.stages().size());
              for (int s = 0; s < e.stages().size(); s++) {
                Stage es = e.stages().get(s);
                Stage gs = g.stages().get(s);
                assertEquals(es.stage(), gs.stage());
                assertEquals(es.entryPoint(), gs.entryPoint());
                assertEquals(es.source().pointer(), gs.source().pointer());
                assertEquals(es.module().identity(), gs.module().identity());
                assertArrayEquals(es.module().bytes(), gs.module().bytes(), json + " stage " + s);
                assertEquals(null, gs.module().code(), "an archive's module is read when validated, not kept");
              }
            }
          }
        }
      }
    }
  }

  @Test
  void theFirstOfARepeatedKeyWinsAndTagsFromElevenAreSkipped() throws Exception {
    byte[] first = "{\"version\":6,\"samplers\":{\"0000000000000001\":{\"maxLod\":1}}}".getBytes(StandardCharsets.UTF_8);
    byte[] second = "{\"version\":6,\"samplers\":{\"0000000000000001\":{\"maxLod\":2}}}".getBytes(StandardCharsets.UTF_8);
    byte[] bytes = new FozWriter().entry(11, 1, second, false, false).entry(1, 1, first, true, true)
        .entry(1, 1, second, false, false).bytes();
    FozArchive a = FozArchive.open(write("d.foz", bytes));
    assertEquals(3, a.count());
    assertEquals(List.of(), a.entries(11));
    assertEquals(1, a.entries(1).size());
    assertArrayEquals(first, a.payload(a.entry(1, 1)));
    assertEquals(List.of(), a.notes());
  }

  @Test
  void whatIsNotAnArchiveIsOneLineSayingWhy() throws Exception {
    byte[] good = new FozWriter().bytes();
    byte[] magic = good.clone();
    magic[0] = (byte) 0x80;
    byte[] old = good.clone();
    old[15] = 4;
    byte[] later = good.clone();
    later[15] = 7;
    String[][] cases = {
        {"empty.foz", "", "the file is empty (an archive starts with a 16-byte header)"},
        {"short.foz", "x", "the file has 3 bytes, fewer than the 16-byte header"},
        {"magic.foz", "m", "byte 0 is 0x80, not 0x81 of the magic \\x81FOSSILIZEDB\\0\\0\\0"},
        {"old.foz", "o", "version 4, expected 5 to 6 (byte 15)"},
        {"later.foz", "l", "version 7, expected 5 to 6 (byte 15)"}};
    byte[][] bytes = {new byte[0], new byte[3], magic, old, later};
    for (int i = 0; i < cases.length; i++) {
      Path p = write(cases[i][0], bytes[i]);
      PipelineException e = assertThrows(PipelineException.class, () -> PipelineReader.read(p));
      assertEquals(p + ": not a Fossilize archive: " + cases[i][2], e.getMessage());
    }
    // version 5, which Fossilize still reads, and the header alone: an archive without pipelines, said in a note
    byte[] five = good.clone();
    five[15] = 5;
    PipelineDescription d = PipelineReader.read(write("five.foz", five));
    assertEquals(List.of(), d.pipelines());
    assertEquals(List.of(dir.resolve("five.foz") + ": the archive holds no graphics, compute or ray tracing pipelines"
        + " (0 entries)"), d.notes());
  }

  @Test
  void aFileWithTheMagicIsAnArchiveWhateverItsName() throws Exception {
    Path p = write("capture.bin", FozWriter.fromCapture(Files.readAllBytes(FIXTURES.resolve("capture.json")), true, true));
    assertTrue(FozArchive.looksLike(p));
    assertEquals(1, PipelineReader.read(p).pipelines().size());
    assertFalse(FozArchive.looksLike(FIXTURES.resolve("capture.json")));
  }

  @Test
  void aDamagedPipelineEntryIsOneLineNamingItAndTheOtherPipelineIsRead() throws Exception {
    ObjectNode capture = twoPipelines();
    String entry = "entry 07." + OTHER + ": ";
    Object[][] cases = {
        {(Damage) (w, t, h, p) -> {
          byte[] z = FozWriter.deflate(p);
          z[z.length / 2] ^= 1;
          w.raw(t, h, z, 2, 0x1234, p.length);
        }, "CRC-32 mismatch (the header says 00001234, the "},
        {(Damage) (w, t, h, p) -> w.raw(t, h, p, 1, 0, p.length + 1), "a stored payload of "},
        {(Damage) (w, t, h, p) -> w.raw(t, h, p, 3, 0, p.length), "unknown payload format 3 (1 is stored, 2 a zlib stream)"},
        {(Damage) (w, t, h, p) -> w.raw(t, h, FozWriter.deflate(p), 2, 0, p.length + 10), "inflates to " + "" },
        {(Damage) (w, t, h, p) -> w.raw(t, h, FozWriter.deflate(p), 2, 0, p.length - 1),
            "inflates to more than the "},
        {(Damage) (w, t, h, p) -> w.raw(t, h, p, 2, 0, p.length), "not a zlib stream: "},
        {(Damage) (w, t, h, p) -> w.raw(t, h, FozWriter.deflate(p), 2, 0, FozArchive.MAX_ENTRY + 1),
            "declares 67108865 bytes, more than the 64 MiB vkrules reads of one entry"}};
    for (Object[] c : cases) {
      Path p = write("damaged.foz", archive(capture, 7, OTHER, (Damage) c[0]));
      PipelineDescription d = PipelineReader.read(p);
      assertEquals(List.of(p + "#" + PIPELINE), d.pipelines().stream().map(Pipeline::name).toList(), (String) c[1]);
      assertEquals(1, d.unread().size());
      assertEquals(p + "#" + OTHER, d.unread().get(0).name());
      String m = d.unread().get(0).message();
      assertTrue(m.startsWith(p + ": " + entry + c[1]), m);
      assertFalse(m.contains("\n"));
    }
  }

  @Test
  void aZlibBombIsRefusedAtTheDeclaredSize() throws Exception {
    byte[] zeros = new byte[32 << 20];
    byte[] bomb = FozWriter.deflate(zeros);
    assertTrue(bomb.length * 100L < zeros.length, "a bomb: " + bomb.length + " bytes inflate to 32 MiB");
    Path p = write("bomb.foz", new FozWriter().raw(1, 1, bomb, 2, 0, 1000).bytes());
    FozArchive a = FozArchive.open(p);
    FozArchive.Damaged e = assertThrows(FozArchive.Damaged.class, () -> a.payload(a.entry(1, 1)));
    assertEquals("entry 01.0000000000000001: inflates to more than the 1000 bytes the header declares", e.getMessage());
  }

  @Test
  void aPipelineNamingAMissingOrDamagedObjectIsOneLineWhereItNamesIt() throws Exception {
    ObjectNode capture = twoPipelines();
    ((ObjectNode) capture.get("computePipelines").get(OTHER)).put("layout", "00000000000000aa");
    Path p = write("missing.foz", archive(capture, -1, "", null));
    PipelineDescription d = PipelineReader.read(p);
    assertEquals(1, d.pipelines().size());
    String m = d.unread().get(0).message();
    assertTrue(m.matches(java.util.regex.Pattern.quote(p + ": entry 07." + OTHER + ":") + "1:\\d+: /computePipelines/"
        + OTHER + "/layout: hash 00000000000000aa is not in the capture's pipelineLayouts"), m);

    Path q = write("layout.foz", archive(twoPipelines(), 3, LAYOUT, (w, t, h, b) -> w.raw(t, h, b, 1, 7, b.length)));
    PipelineDescription both = PipelineReader.read(q);
    assertEquals(List.of(), both.pipelines());
    assertEquals(2, both.unread().size());
    for (PipelineDescription.Unread u : both.unread()) {
      assertTrue(u.message().contains("/layout: pipelineLayouts " + LAYOUT + " cannot be read: entry 03." + LAYOUT
          + ": CRC-32 mismatch (the header says 00000007"), u.message());
    }
  }

  @Test
  void aDamagedModuleIsTheStagesReadErrorNamingItsEntry() throws Exception {
    Object[][] cases = {
        {(Damage) (w, t, h, p) -> w.raw(t, h, p, 1, 99, p.length), "entry 04." + MODULE + ": CRC-32 mismatch"},
        {(Damage) (w, t, h, p) -> w.entry(t, h, replace(p, "\"codeSize\":296", "\"codeSize\":298"), false, false),
            "/shaderModules/" + MODULE + "/codeSize: codeSize 298 is not a positive multiple of 4"},
        {(Damage) (w, t, h, p) -> w.entry(t, h, replace(p, "\"codeSize\":296", "\"codeSize\":300"), false, false),
            "the varint code ends in word 74 of 75"},
        {(Damage) (w, t, h, p) -> w.entry(t, h, replace(p, "\"codeSize\":296", "\"codeSize\":292"), false, false),
            "bytes after its 73 words"},
        {(Damage) (w, t, h, p) -> w.entry(t, h, java.util.Arrays.copyOf(p, p.length - 3), false, false),
            "is past the "},
        {(Damage) (w, t, h, p) -> w.entry(t, h, replace(p, "\"codeSize\":296", "\"codeSize\":2960000"), false, false),
            "codeSize 2960000 is 740000 words, more than the "}};
    for (Object[] c : cases) {
      Path p = write("module.foz", archive(twoPipelines(), 4, MODULE, (Damage) c[0]));
      PipelineDescription d = PipelineReader.read(p);
      assertEquals(2, d.pipelines().size(), "a module is read when its stage is validated");
      ShaderModule m = d.pipelines().get(0).stages().get(0).module();
      IOException e = assertThrows(IOException.class, m::bytes);
      assertTrue(e.getMessage().contains((String) c[1]), e.getMessage());
      assertFalse(e.getMessage().contains("\n"));
    }
  }

  private static byte[] replace(byte[] payload, String from, String to) {
    int nul = 0;
    while (payload[nul] != 0) {
      nul++;
    }
    String json = new String(payload, 0, nul, StandardCharsets.UTF_8);
    assertTrue(json.contains(from), json);
    byte[] head = json.replace(from, to).getBytes(StandardCharsets.UTF_8);
    byte[] out = java.util.Arrays.copyOf(head, head.length + payload.length - nul);
    System.arraycopy(payload, nul, out, head.length, payload.length - nul);
    return out;
  }

  @Test
  void anArchiveCutAtAnyByteKeepsItsCompleteEntriesAndSaysWhereItEnded() throws Exception {
    byte[] whole = archive(twoPipelines(), -1, "", null);
    truncations(dir, whole);
  }

  /**
   * Reads {@code whole} cut at every byte: before the header's end one line, not an archive; from
   * there on the pipelines whose entries all survive, and at most one note, naming the byte where
   * it ended. (One file cut shorter and shorter: writing a file per cut costs more than reading it.)
   */
  static void truncations(Path dir, byte[] whole) throws Exception {
    Path p = writeTo(dir, "cut.foz", whole);
    int pipelines = PipelineReader.read(p).pipelines().size();
    int last = pipelines;
    try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(p.toFile(), "rw")) {
      for (int n = whole.length; n >= 0; n--) {
        file.setLength(n);
        if (n < 16) {
          PipelineException e = assertThrows(PipelineException.class, () -> PipelineReader.read(p));
          assertTrue(e.getMessage().startsWith(p + ": not a Fossilize archive: "), e.getMessage());
          continue;
        }
        PipelineDescription d = PipelineReader.read(p);
        if (d.pipelines().size() != last || n == whole.length) {
          for (Pipeline pipeline : d.pipelines()) {
            for (Stage s : pipeline.stages()) {
              assertTrue(s.module().bytes().length > 0);  // a pipeline is read only when everything it names survives
            }
          }
        }
        assertEquals(List.of(), d.unread(), "cut at " + n);
        // one note: where it ended; none when the cut falls between two entries (one saying so when no pipeline is left)
        assertTrue(d.notes().size() <= 1, "cut at " + n + ": " + d.notes());
        for (String note : d.notes()) {
          assertFalse(note.contains("\n"));
          assertTrue(note.startsWith(p + ": truncated at byte " + n + ": entry ") || d.pipelines().isEmpty()
              && note.startsWith(p + ": the archive holds no "), note);
        }
        if (n == whole.length) {
          assertEquals(List.of(), d.notes());
        }
        assertTrue(d.pipelines().size() <= last, "cut at " + n);
        last = d.pipelines().size();
      }
    }
    assertEquals(0, last);
    assertTrue(pipelines > 0);
  }

  private static Path writeTo(Path dir, String name, byte[] bytes) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, bytes);
    return p;
  }
}
