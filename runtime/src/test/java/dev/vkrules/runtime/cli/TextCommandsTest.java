package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.spirv.TestModules;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextCommandsTest {
  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(code, out.toString(), err.toString());
  }

  private static Path module() {
    return TestModules.all().stream().filter(p -> p.getFileName().toString().equals("texture-frag.spv"))
        .findFirst().orElseThrow();
  }

  @Test
  void disThenAsThroughFiles(@TempDir Path tmp) throws Exception {
    Path text = tmp.resolve("m.spvasm");
    Run dis = run("dis", module().toString(), "-o", text.toString());
    assertEquals(0, dis.code(), dis.err());
    Path bin = tmp.resolve("m.spv");
    Run as = run("as", text.toString(), "-o", bin.toString());
    assertEquals(0, as.code(), as.err());
    assertArrayEquals(Files.readAllBytes(module()), Files.readAllBytes(bin));
    try (var list = Files.list(tmp)) {
      assertEquals(2, list.count(), "no temporary files left behind");
    }
  }

  @Test
  void disWritesToStandardOutputAndReadsStandardInput() throws Exception {
    Run toStdout = run("dis", module().toString());
    assertEquals(0, toStdout.code());
    assertTrue(toStdout.out().startsWith("; SPIR-V\n; Version: 1.0\n"), toStdout.out());
    InputStream saved = System.in;
    try {
      System.setIn(new ByteArrayInputStream(Files.readAllBytes(module())));
      Run fromStdin = run("dis", "-");
      assertEquals(toStdout.out(), fromStdin.out());
    } finally {
      System.setIn(saved);
    }
    Run friendly = run("dis", "--friendly-names", module().toString());
    assertTrue(friendly.out().contains("%main = OpFunction %void None"), friendly.out());
  }

  @Test
  void badInputIsOneLineWithPositionAndNothingIsWritten(@TempDir Path tmp) throws Exception {
    Path text = tmp.resolve("bad.spvasm");
    Files.writeString(text, "OpCapability Shader\nOpMemoryModel Logical Nonsense\n");
    Path bin = tmp.resolve("out.spv");
    Run as = run("as", text.toString(), "-o", bin.toString());
    assertEquals(Main.EXIT_INVALID, as.code());
    assertEquals("vkrules: " + text + ": unknown MemoryModel 'Nonsense' at line 2, column 23\n", as.err());
    assertFalse(Files.exists(bin));

    Path broken = tmp.resolve("broken.spv");
    byte[] bytes = Files.readAllBytes(module());
    Files.write(broken, Arrays.copyOf(bytes, bytes.length - 6));
    Run dis = run("dis", broken.toString());
    assertEquals(Main.EXIT_INVALID, dis.code());
    assertTrue(dis.err().matches("vkrules: .*broken.spv: module size of \\d+ bytes is not a multiple of 4 at word \\d+\n"),
        dis.err());
    assertEquals("", dis.out());

    Run missing = run("dis", tmp.resolve("nope.spv").toString());
    assertEquals(Main.EXIT_USAGE, missing.code());
    assertEquals("vkrules: cannot read " + tmp.resolve("nope.spv") + ": no such file\n", missing.err());
  }

  @Test
  void targetEnvSetsTheVersion(@TempDir Path tmp) throws Exception {
    Path text = tmp.resolve("t.spvasm");
    Files.writeString(text, "OpCapability Shader\nOpMemoryModel Logical GLSL450\n", StandardCharsets.UTF_8);
    Path bin = tmp.resolve("t.spv");
    assertEquals(0, run("as", "--target-env", "vulkan1.1", text.toString(), "-o", bin.toString()).code());
    assertEquals(3, Files.readAllBytes(bin)[5], "minor version byte of 1.3");
    Run bad = run("as", "--target-env", "spv9.9", text.toString());
    assertEquals(Main.EXIT_USAGE, bad.code());
    assertTrue(bad.err().contains("unknown target environment 'spv9.9'"), bad.err());
  }
}
