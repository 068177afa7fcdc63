package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File names as the system gives them: bytes that are not UTF-8, and UTF-8 under the C locale,
 * named as arguments, in a --files-from list and found in a directory walk; reports print such a
 * byte as {@code \xHH} (text, JSON) or {@code %HH} (SARIF). The files are made by {@code sh}'s
 * printf, never by the code under test, and the command runs in a JVM of its own so that its
 * arguments are the bytes a shell passes.
 */
class NamesTest {
  private static final Path MODULE = PipelineCliTest.ROOT.resolve("examples/shaders/vulkan_memory_model_scopes.comp.spv");

  @TempDir Path dir;

  @Test
  void bytesThatAreNotUtf8SurviveTheRoundTrip() {
    byte[] latin1 = {'c', 'a', 'f', (byte) 0xE9, '.', 's', 'p', 'v'};
    String name = Names.decode(latin1);
    assertTrue(Names.escaped(name));
    assertArrayEquals(latin1, Names.encode(name));
    assertEquals("caf\\xE9.spv", Names.shown(name));
    assertEquals("caf\\xE9.spv", Text.escape(name));
    assertEquals("caf%E9.spv", Names.uriPath(name));
    // valid UTF-8 is the name itself, with nothing escaped
    String utf8 = Names.decode("été/x.spv".getBytes(StandardCharsets.UTF_8));
    assertEquals("été/x.spv", utf8);
    assertFalse(Names.escaped(utf8));
    // a truncated sequence and a lone continuation byte are bytes, not characters
    byte[] odd = {(byte) 0xC3, 'a', (byte) 0x80, (byte) 0xFF};
    assertArrayEquals(odd, Names.encode(Names.decode(odd)));
    assertEquals("\\xC3a\\x80\\xFF", Names.shown(Names.decode(odd)));
  }

  @Test
  void aPathOfBytesOpensTheFileThoseBytesName() throws Exception {
    sh("printf x > \"$(printf 'caf\\351.spv')\"");
    Path p = Names.path(dir + "/" + Names.decode(new byte[] {'c', 'a', 'f', (byte) 0xE9, '.', 's', 'p', 'v'}));
    assertTrue(Files.isRegularFile(p), p.toString());
    assertEquals("x", Files.readString(p));
    // and a directory walk gives the name back with its byte
    try (var s = Files.list(dir)) {
      List<String> names = s.map(q -> Names.of(q.getFileName())).toList();
      assertEquals(List.of("caf\\xE9.spv"), names.stream().map(Names::shown).toList());
    }
  }

  @Test
  void argumentsListsAndWalksUnderEveryLocale() throws Exception {
    assumeTrue(Files.isRegularFile(MODULE), MODULE + " is absent");
    Files.createDirectories(dir.resolve("tree"));
    Files.copy(MODULE, dir.resolve("m.spv"));
    sh("cp m.spv \"$(printf 'caf\\351.spv')\" && cp m.spv \"tree/$(printf '\\303\\251t\\303\\251.spv')\""
        + " && printf '\\357\\273\\277caf\\351.spv\\ntree/\\303\\251t\\303\\251.spv\\n' > list.txt");
    for (String locale : List.of("C", "C.UTF-8")) {
      // as an argument, the bytes the shell passes
      Run arg = vkrules(locale, "validate -q \"$(printf 'caf\\351.spv')\"");
      assertEquals(1, arg.exit(), locale + ": " + arg.err() + arg.out());
      assertTrue(arg.out().contains("caf\\xE9.spv: word "), locale + ": " + arg.out());
      // a directory walk: a UTF-8 name prints as itself, also when the locale is C
      Run walk = vkrules(locale, "validate -q tree");
      assertEquals(1, walk.exit(), locale + ": " + walk.err());
      assertTrue(walk.out().contains("tree/été.spv: word "), locale + ": " + walk.out());
      // a list (with a byte-order mark), the same files
      Run list = vkrules(locale, "validate --files-from list.txt");
      assertEquals(1, list.exit(), locale + ": " + list.err());
      assertTrue(list.out().contains("2 modules: 0 clean, 2 invalid"), locale + ": " + list.out());
      // JSON keeps the byte as \xHH text, SARIF's URI as %HH
      Run json = vkrules(locale, "validate --format json \"$(printf 'caf\\351.spv')\"");
      assertTrue(json.out().contains("\"caf\\\\xE9.spv\""), locale + ": " + json.out());
      Run sarif = vkrules(locale, "validate --format sarif tree \"$(printf 'caf\\351.spv')\"");
      assertTrue(sarif.out().contains("\"caf%E9.spv\""), locale + ": " + sarif.out());
      assertTrue(sarif.out().contains("\"tree/%C3%A9t%C3%A9.spv\""), locale + ": " + sarif.out());
    }
  }

  record Run(int exit, String out, String err) {}

  private Run vkrules(String locale, String command) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String cp = System.getProperty("java.class.path");
    ProcessBuilder pb = new ProcessBuilder("sh", "-c", "exec \"$JAVA\" -cp \"$CP\" dev.vkrules.runtime.cli.Main "
        + command);
    pb.environment().putAll(Map.of("JAVA", java, "CP", cp, "LC_ALL", locale));
    pb.environment().remove("LANG");
    pb.directory(dir.toFile());
    Process p = pb.start();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Thread t = new Thread(() -> {
      try {
        p.getErrorStream().transferTo(err);
      } catch (java.io.IOException e) {
        // the stream ends with the process
      }
    });
    t.start();
    p.getInputStream().transferTo(out);
    int exit = p.waitFor();
    t.join();
    return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private void sh(String script) throws Exception {
    Process p = new ProcessBuilder(new ArrayList<>(List.of("sh", "-c", script))).directory(dir.toFile())
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), out);
  }
}
