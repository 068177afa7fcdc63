package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fast path of {@code dis} (no picocli) runs a command line exactly as picocli's path does, or
 * leaves it to picocli: the same output, errors, exit status and written file for every command
 * line of a shared set, and null for those picocli must read.
 */
class FastDisassembleTest {
  static final Path ROOT = Path.of(System.getProperty("vkrules.root", ".."));
  static final Path MODULE = ROOT.resolve("examples/shaders/pbr_metallic_roughness.frag.spv");

  @TempDir Path dir;

  record Run(int exit, String out, String err) {}

  static Run fast(List<String> args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Integer exit = FastDisassemble.run(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
    assertNotNull(exit, "the fast path should read " + args);
    return new Run(exit, out.toString(), err.toString());
  }

  static Run picocli(List<String> args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.execute(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  static List<String> dis(String... rest) {
    List<String> a = new ArrayList<>(List.of("dis"));
    a.addAll(List.of(rest));
    return a;
  }

  @Test
  void bothPathsRunTheSharedCommandLinesAlike() throws Exception {
    Path malformed = Files.write(dir.resolve("cut.spv"), new byte[] {3, 2, 0x23, 7, 0, 0, 1});
    String module = MODULE.toString();
    List<List<String>> shared = List.of(
        dis(module),
        dis("--raw-id", module),
        dis(module, "--friendly-names"),
        dis("--friendly-names", "--raw-id", module),
        dis("--no-header", "--friendly-names", module),
        dis("-o", "-", module),
        dis(malformed.toString()),
        dis(dir.resolve("missing.spv").toString()),
        dis(dir.toString()));
    for (List<String> args : shared) {
      assertEquals(picocli(args), fast(args), args.toString());
    }
    // -o FILE: the same file either way
    Run a = fast(dis("-o", dir.resolve("a.spvasm").toString(), "--friendly-names", module));
    Run b = picocli(dis("-o", dir.resolve("b.spvasm").toString(), "--friendly-names", module));
    assertEquals(b, a);
    assertArrayEquals(Files.readAllBytes(dir.resolve("b.spvasm")), Files.readAllBytes(dir.resolve("a.spvasm")));
    assertTrue(Files.readString(dir.resolve("a.spvasm")).contains("OpEntryPoint Fragment %main \"main\""));
  }

  @Test
  void whatItDoesNotReadIsLeftToPicocli() {
    String m = MODULE.toString();
    for (List<String> args : List.of(dis(), dis("--help"), dis("-h", m), dis("--version"), dis(m, m),
        dis("--raw-id", "--raw-id", m), dis("-o", m), dis("-o=out.txt", m), dis("-oout.txt", m), dis("--", m),
        dis("@args.txt"), dis("--unknown", m), dis("--raw-id"), List.of("as", m), List.of("validate", m))) {
      assertNull(FastDisassemble.parse(args.toArray(String[]::new)), args.toString());
    }
  }
}
