package dev.vkrules.runtime.peers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * One module of SPIRV-Tools' own validator tests, as recorded in
 * {@code ../shared/peer-tests/spirv-tools/} (format in its README): the gtest name, the target
 * environment, the VUID the test expects (null for a clean module) and the module's bytes.
 */
record PeerCase(String test, String env, String vuid, String diag, byte[] module) {
  private static final ObjectMapper JSON = new ObjectMapper();

  boolean negative() {
    return vuid != null;
  }

  /** Reads one {@code .jsonl.gz} file; a line that is not a case names the file and line. */
  static List<PeerCase> read(Path file) throws IOException {
    List<PeerCase> out = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
      String line;
      int n = 0;
      while ((line = r.readLine()) != null) {
        n++;
        if (line.isBlank()) {
          continue;
        }
        JsonNode j = JSON.readTree(line);
        String words = j.path("words").asText("");
        if (!j.hasNonNull("test") || !j.hasNonNull("env") || words.isEmpty() || words.length() % 8 != 0) {
          throw new IOException(file + ":" + n + ": not a peer case (needs test, env and words in 8-digit groups)");
        }
        out.add(new PeerCase(j.get("test").asText(), j.get("env").asText(),
            j.hasNonNull("vuid") ? j.get("vuid").asText() : null, j.path("diag").asText(""), bytes(words)));
      }
    }
    return out;
  }

  /** The README's encoding: 8 hex digits a word, written out little-endian. */
  private static byte[] bytes(String words) {
    byte[] b = new byte[words.length() / 2];
    for (int w = 0; w < words.length() / 8; w++) {
      long v = Long.parseLong(words.substring(w * 8, w * 8 + 8), 16);
      for (int i = 0; i < 4; i++) {
        b[w * 4 + i] = (byte) (v >>> (8 * i));
      }
    }
    return b;
  }
}
