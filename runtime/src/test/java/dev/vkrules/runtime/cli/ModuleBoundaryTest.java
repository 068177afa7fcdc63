package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The runtime runs without the generator: no compiled runtime class names a generator class
 * (not even by string, for reflection), and the maintainers' commands, absent here, are
 * explained in one line. The generator is on this module's test class path ("provided", to
 * run the emitters at build time), so the check reads the class files, not the class path.
 */
class ModuleBoundaryTest {
  private static Path mainClasses() throws URISyntaxException {
    return Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  @Test
  void noRuntimeClassReferencesTheGenerator() throws Exception {
    List<Path> offenders;
    try (Stream<Path> files = Files.walk(mainClasses())) {
      offenders = files.filter(p -> p.toString().endsWith(".class")).filter(ModuleBoundaryTest::namesGenerator).toList();
    }
    assertEquals(List.of(), offenders);
  }

  private static boolean namesGenerator(Path classFile) {
    try {
      String bytes = new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1);
      return bytes.contains("dev/vkrules/generator") || bytes.contains("dev.vkrules.generator");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void toolsCommandWithoutTheToolsModuleIsOneLine() {
    for (String command : Subcommands.TOOLS) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int exit = Main.execute(new String[] {command, "--help"}, new PrintWriter(out, true), new PrintWriter(err, true));
      assertEquals(Main.EXIT_USAGE, exit, command);
      assertEquals("", out.toString(), command);
      assertEquals(1, err.toString().lines().count(), err.toString());
      assertTrue(err.toString().startsWith("vkrules: '" + command + "' needs the generator"), err.toString());
    }
  }

  @Test
  void helpNamesTheAbsentCommands() {
    StringWriter out = new StringWriter();
    assertEquals(0, Main.execute(new String[] {"--help"}, new PrintWriter(out, true), new PrintWriter(out, true)));
    for (String command : Subcommands.TOOLS) {
      assertTrue(out.toString().contains(command), out.toString());
    }
  }
}
