package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.runtime.engine.Engine;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * {@code --cache DIR}: verdicts kept on disk between runs. An entry's key is the run's key (the
 * build, the target, the device description's content, the options that change findings) and the
 * verdict's own (the module's content hash, its specialization values and the pipeline state its
 * checks read; for a whole pipeline, its description's content and its modules'); its file is
 * {@code DIR/xx/yyyy...}, the SHA-256 of the key. Each file starts with a format tag and the
 * SHA-256 of the rest, and the rest names the whole key again: a truncated, corrupt or foreign file
 * is one warning and a miss, never a verdict. Writers write a temporary file in the entry's folder
 * and rename it into place, so runs sharing a cache at once read either a whole entry or none.
 * Nothing is ever removed (docs/validate.md, "Verdict cache"). Safe to call from several threads.
 */
final class VerdictCache {
  /** The first word of every entry: the format, whose number changes with the entry's shape. */
  static final String FORMAT = "vkrules-verdict-cache/1";

  /** An entry larger than this is not read (no verdict this build writes comes near it). */
  static final long MAX_ENTRY = 64L << 20;

  private final Path dir;
  private final String runKey;
  private final Consumer<String> warn;
  private final AtomicBoolean unwritable = new AtomicBoolean();

  VerdictCache(Path dir, String runKey, Consumer<String> warn) {
    this.dir = dir;
    this.runKey = runKey;
    this.warn = warn;
  }

  /**
   * The run key: this build ({@link Version}, the code it runs, {@code engine}'s catalog), the
   * target, the device description's content ({@code device}: a digest, or "none") and the
   * options that change findings.
   */
  static String runKey(String build, Engine engine, String device, int maxPerRule) {
    return FORMAT + "\nbuild " + build + "\ncatalog " + engine.catalogFingerprint() + "\ntarget "
        + engine.target().envName() + "\ndevice " + device + "\nmax-findings-per-rule " + maxPerRule;
  }

  /** This build: version, commit and, run from a jar, the jar's SHA-256 (an uncommitted build differs by it). */
  static String build() {
    String code = "classes";
    try {
      var location = VerdictCache.class.getProtectionDomain().getCodeSource().getLocation();
      Path p = Path.of(location.toURI());
      if (Files.isRegularFile(p)) {
        code = sha256(Files.newInputStream(p));
      }
    } catch (IOException | RuntimeException | java.net.URISyntaxException e) {
      code = "unknown";
    }
    return Version.get() + " " + Version.commit() + " " + code;
  }

  /** The stored body of {@code key}, or null (none, or one not to be trusted: warned). */
  JsonNode get(String key) {
    String full = runKey + "\n" + key;
    Path file = file(full);
    byte[] bytes;
    try {
      if (Files.size(file) > MAX_ENTRY) {
        warn(file, "larger than any entry");
        return null;
      }
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      warn(file, "cannot read it (" + Io.reason(e) + ")");
      return null;
    }
    int eol = indexOf(bytes, (byte) '\n');
    String header = new String(bytes, 0, Math.max(eol, 0), StandardCharsets.UTF_8);
    String[] words = header.split(" ");
    if (eol < 0 || words.length != 2 || !words[0].startsWith("vkrules-verdict-cache/")) {
      warn(file, "not a vkrules verdict cache entry");
      return null;
    }
    if (!words[0].equals(FORMAT)) {
      warn(file, "written in format " + words[0] + ", this build reads " + FORMAT);
      return null;
    }
    if (!words[1].equals(sha256(bytes, eol + 1, bytes.length - eol - 1))) {
      warn(file, "its checksum does not match (truncated or corrupt)");
      return null;
    }
    try {
      JsonNode entry = VerdictCodec.MAPPER.readTree(new String(bytes, eol + 1, bytes.length - eol - 1, StandardCharsets.UTF_8));
      if (entry == null || !full.equals(entry.path("key").asText(null)) || !entry.has("body")) {
        warn(file, "written for another key");
        return null;
      }
      return entry.get("body");
    } catch (JsonProcessingException e) {
      warn(file, "not valid JSON");
      return null;
    }
  }

  /** Keeps {@code body} as the entry of {@code key}; a cache that cannot be written is one warning, then skipped. */
  void put(String key, JsonNode body) {
    if (unwritable.get()) {
      return;
    }
    String full = runKey + "\n" + key;
    Path file = file(full);
    ObjectNode entry = VerdictCodec.MAPPER.createObjectNode();
    entry.put("key", full);
    entry.set("body", body);
    byte[] payload;
    try {
      payload = VerdictCodec.MAPPER.writeValueAsBytes(entry);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
    byte[] header = (FORMAT + " " + sha256(payload, 0, payload.length) + "\n").getBytes(StandardCharsets.UTF_8);
    Path tmp = null;
    try {
      Files.createDirectories(file.getParent());
      tmp = Files.createTempFile(file.getParent(), ".tmp-", "");
      try (var out = Files.newOutputStream(tmp)) {
        out.write(header);
        out.write(payload);
      }
      try {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
      tmp = null;
    } catch (IOException | RuntimeException e) {
      if (unwritable.compareAndSet(false, true)) {
        this.warn.accept("vkrules: warning: cache " + Text.escape(dir.toString()) + ": cannot write ("
            + (e instanceof IOException io ? Io.reason(io) : e.getClass().getSimpleName())
            + "); this run's verdicts are not kept");
      }
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException e) {
          // a temporary file left behind is never read (its name is not an entry's)
        }
      }
    }
  }

  private Path file(String fullKey) {
    String h = sha256(fullKey.getBytes(StandardCharsets.UTF_8));
    return dir.resolve(h.substring(0, 2)).resolve(h.substring(2));
  }

  private void warn(Path file, String why) {
    warn.accept("vkrules: warning: cache " + Text.escape(file.toString()) + ": " + why + ", ignored");
  }

  private static int indexOf(byte[] b, byte x) {
    for (int i = 0; i < b.length && i < 256; i++) {
      if (b[i] == x) {
        return i;
      }
    }
    return -1;
  }

  /** The SHA-256 of {@code length} bytes from {@code offset} (-1: to the end), in hex. */
  static String sha256(byte[] b, int offset, int length) {
    MessageDigest md = digest();
    md.update(b, offset, length < 0 ? b.length - offset : length);
    return HexFormat.of().formatHex(md.digest());
  }

  static String sha256(byte[] b) {
    return sha256(b, 0, b.length);
  }

  private static String sha256(InputStream in) throws IOException {
    try (in) {
      MessageDigest md = digest();
      byte[] buf = new byte[1 << 16];
      for (int n; (n = in.read(buf)) > 0; ) {
        md.update(buf, 0, n);
      }
      return HexFormat.of().formatHex(md.digest());
    }
  }

  private static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("no SHA-256 in this Java", e);
    }
  }
}
