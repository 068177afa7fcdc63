package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code vkrules install} against this build (the runtime's jar, archives and launcher in
 * runtime/target and runtime/src/main/sh): the installed launcher gives what the jar gives, picks
 * the JDK and JIT as the development launcher does, and a failed installation leaves the one before
 * it as it was.
 */
class InstallCommandTest {
  static final Path ROOT = Path.of(System.getProperty("vkrules.root", "..")).toAbsolutePath().normalize();
  static final Path JAR = ROOT.resolve("runtime/target/vkrules.jar");
  static final Path VALID = ROOT.resolve("examples/shaders/pbr_metallic_roughness.frag.spv");
  static final Path INVALID = ROOT.resolve("examples/shaders/invalid-integer-varying-not-flat.spv");

  @TempDir static Path shared;
  static Path prefix;
  static boolean withAot;

  record Result(int exit, String out, String err) {}

  static Result install(InstallCommand command, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = new CommandLine(command).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true)).execute(args);
    return new Result(exit, out.toString(), err.toString());
  }

  static InstallCommand command() {
    InstallCommand c = new InstallCommand();
    c.root = ROOT;
    return c;
  }

  static Result run(Map<String, String> env, List<String> command) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command).directory(shared.toFile());
    pb.environment().remove("VKRULES_LIB");
    pb.environment().remove("VKRULES_JAVA_OPTS");
    pb.environment().putAll(env);
    Path out = Files.createTempFile(shared, "out", ".txt");
    Path err = Files.createTempFile(shared, "err", ".txt");
    Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    p.getOutputStream().close();
    assertTrue(p.waitFor(2, TimeUnit.MINUTES), "timed out: " + command);
    return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** The java command the installed launcher would run, one argument a line. */
  static List<String> printed(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(prefix.resolve("bin/vkrules").toString()));
    command.addAll(List.of(args));
    Result r = run(Map.of("VKRULES_PRINT_COMMAND", "1"), command);
    assertEquals(0, r.exit(), r.err());
    return r.out().lines().toList();
  }

  @BeforeAll
  static void installOnce() throws IOException {
    assertTrue(Files.isRegularFile(JAR), "the runtime is packaged before tools' tests run: " + JAR);
    prefix = shared.resolve("prefix with space");
    Result r = install(command(), prefix.toString());
    assertEquals(0, r.exit(), r.err());
    Path lib = prefix.resolve("lib/vkrules");
    withAot = Files.isRegularFile(ROOT.resolve("runtime/target/vkrules.aot")) && command().java25 != null
        && Files.isExecutable(command().java25);
    assertTrue(r.out().startsWith("vkrules: installed " + prefix.resolve("bin/vkrules") + " ("), r.out());
    assertEquals(withAot, Files.isRegularFile(lib.resolve("vkrules.aot")), r.out());
    assertTrue(Files.isRegularFile(lib.resolve("vkrules.jsa")));
    assertEquals(Files.size(JAR), Files.size(lib.resolve("vkrules.jar")));
  }

  @Test
  void installedLauncherGivesWhatTheJarGives() throws Exception {
    Path bin = prefix.resolve("bin/vkrules");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    for (List<String> args : List.of(List.of("validate", VALID.toString()), List.of("validate", INVALID.toString()),
        List.of("validate", "--format", "json", ROOT.resolve("examples/shaders").toString()),
        List.of("dis", VALID.toString()), List.of("validate", "--target-env", "vulkan9.9", VALID.toString()))) {
      List<String> viaJar = new ArrayList<>(List.of(java, "-cp", JAR.toString(), "dev.vkrules.runtime.cli.Main"));
      viaJar.addAll(args);
      List<String> viaInstall = new ArrayList<>(List.of(bin.toString()));
      viaInstall.addAll(args);
      Result expected = run(Map.of(), viaJar);
      Result actual = run(Map.of(), viaInstall);
      assertEquals(expected, actual, args.toString());
    }
    // the three outcomes above: clean with needs lines (0), a finding (1), a usage error (2)
    assertEquals(1, run(Map.of(), List.of(bin.toString(), "validate", INVALID.toString())).exit());
    assertEquals(2, run(Map.of(), List.of(bin.toString(), "validate", "--target-env", "vulkan9.9", VALID.toString())).exit());
  }

  @Test
  void oneModuleRunsC1OnlyAndMoreRunC2WithTheInstalledCaches() throws Exception {
    Path lib = prefix.resolve("lib/vkrules");
    List<String> one = printed("validate", VALID.toString());
    List<String> tree = printed("validate", ROOT.resolve("examples/shaders").toString());
    List<String> two = printed("validate", "--format", "json", VALID.toString(), INVALID.toString());
    List<String> listed = printed("validate", "--files-from", "-");
    if (withAot) {
      for (List<String> c : List.of(one, tree, two, listed)) {
        assertEquals(lib.resolve("java25").toString(), c.get(0), c.toString());
        assertTrue(c.contains("-XX:AOTCache=" + lib.resolve("vkrules.aot")), c.toString());
      }
      assertTrue(one.contains("-XX:TieredStopAtLevel=1") && one.contains("-XX:-AOTReplayTraining"), one.toString());
      for (List<String> c : List.of(tree, two, listed)) {
        assertFalse(c.contains("-XX:TieredStopAtLevel=1"), c.toString());
      }
    }
    List<String> dis = printed("dis", "-o", "out.spvasm", VALID.toString());
    List<String> as = printed("as", VALID.toString());
    if (withAot) {
      // dis reads one module: Java 25, C1 only, as validate of one module
      assertEquals(lib.resolve("java25").toString(), dis.get(0), dis.toString());
      assertTrue(dis.contains("-XX:TieredStopAtLevel=1") && dis.contains("-XX:AOTCache=" + lib.resolve("vkrules.aot")),
          dis.toString());
    }
    assertEquals(lib.resolve("java").toString(), as.get(0), as.toString());
    assertTrue(as.contains("-XX:SharedArchiveFile=" + lib.resolve("vkrules.jsa")), as.toString());
    for (List<String> c : List.of(one, tree, two, listed, dis, as)) {
      assertTrue(c.contains("-cp") && c.get(c.indexOf("-cp") + 1).equals(lib.resolve("vkrules.jar").toString()), c.toString());
      assertFalse(c.stream().anyMatch(a -> a.startsWith("-Dvkrules.root")), "an installation has no project root: " + c);
    }
  }

  @Test
  void reinstallingReplacesTheInstallationAndLeavesNothingBehind() throws Exception {
    Path again = shared.resolve("again");
    assertEquals(0, install(command(), again.toString()).exit());
    Files.writeString(again.resolve("lib/vkrules/stale-file"), "from an older installation");
    Result r = install(command(), again.toString());
    assertEquals(0, r.exit(), r.err());
    assertFalse(Files.exists(again.resolve("lib/vkrules/stale-file")));
    assertEquals(List.of("vkrules"), names(again.resolve("lib")));
    assertEquals(List.of("vkrules"), names(again.resolve("bin")));
    assertEquals(0, run(Map.of(), List.of(again.resolve("bin/vkrules").toString(), "validate", VALID.toString())).exit());
  }

  /** The library path is written into the launcher: characters the shell would read are kept literal. */
  @Test
  void aPrefixWithShellCharactersWorks() throws Exception {
    Path odd = shared.resolve("odd $HOME `x` 'q' \"d\" (1) & ; *");
    Result r = install(command(), odd.toString());
    assertEquals(0, r.exit(), r.err());
    Result run = run(Map.of(), List.of(odd.resolve("bin/vkrules").toString(), "validate", VALID.toString()));
    assertEquals(0, run.exit(), run.err());
    Result printed = run(Map.of("VKRULES_PRINT_COMMAND", "1"), List.of(odd.resolve("bin/vkrules").toString(), "dis", "x.spv"));
    assertTrue(printed.out().lines().anyMatch(l -> l.equals(odd.resolve("lib/vkrules/vkrules.jar").toString())), printed.out());

    Result newline = install(command(), shared.resolve("two\nlines").toString());
    assertEquals(2, newline.exit());
    assertEquals("vkrules: install: the prefix has a control character (a newline, a tab): "
        + shared.resolve("two?lines"), newline.err().strip());
    assertFalse(Files.exists(shared.resolve("two\nlines")));
  }

  @Test
  void aFailedInstallationLeavesTheOneBeforeItAsItWas() throws Exception {
    Path p = shared.resolve("kept");
    assertEquals(0, install(command(), p.toString()).exit());
    Path lib = p.resolve("lib/vkrules");
    byte[] launcher = Files.readAllBytes(p.resolve("bin/vkrules"));
    List<String> before = names(lib);
    // the class-data archive cannot be made: after the old directory was moved away
    InstallCommand broken = command();
    broken.java17 = Path.of("/bin/false");
    Result r = install(broken, p.toString());
    assertEquals(2, r.exit());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().startsWith("vkrules: install: the class-data archive failed (exit 1)"), r.err());
    assertEquals(before, names(lib));
    assertTrue(java.util.Arrays.equals(launcher, Files.readAllBytes(p.resolve("bin/vkrules"))));
    assertEquals(List.of("vkrules"), names(p.resolve("lib")));
    assertEquals(List.of("vkrules"), names(p.resolve("bin")));
    assertEquals(0, run(Map.of(), List.of(p.resolve("bin/vkrules").toString(), "validate", VALID.toString())).exit());

    // and a first installation that fails leaves nothing
    Path fresh = shared.resolve("fresh");
    r = install(broken, fresh.toString());
    assertEquals(2, r.exit());
    assertEquals(List.of(), names(fresh.resolve("lib")));
    assertEquals(List.of(), names(fresh.resolve("bin")));
  }

  @Test
  void whatKilledInstallationsLeftTheNextOneRemoves() throws Exception {
    Path p = shared.resolve("leftovers");
    assertEquals(0, install(command(), p.toString()).exit());
    Path libs = p.resolve("lib");
    // as an earlier version named them, and as this one does (with a process that has ended)
    Files.createDirectories(libs.resolve(InstallCommand.OLD + "8812345").resolve("vkrules.jar"));
    Files.createDirectories(libs.resolve(InstallCommand.STAGE + "4194305-77"));
    Files.writeString(p.resolve("bin/.vkrules-4194305-9.tmp"), "#!/bin/sh");
    // one of an installation under way (its process runs) is its own
    String running = InstallCommand.OLD + ProcessHandle.current().parent().orElseThrow().pid() + "-1";
    Files.createDirectories(libs.resolve(running));
    Result r = install(command(), p.toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals(List.of(running, "vkrules"), names(libs));
    assertEquals(List.of("vkrules"), names(p.resolve("bin")));
    assertEquals(3, r.err().lines().filter(l -> l.contains("left by an interrupted installation")).count(), r.err());
  }

  /** An installation in a process of its own, stopped (SIGTERM, or SIGKILL) while the old library is moved away. */
  private static Process interrupted(Path prefix, boolean outright) throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
        "-Dvkrules.root=" + ROOT, "dev.vkrules.runtime.cli.Main", "install", prefix.toString())
        .redirectErrorStream(true).redirectOutput(shared.resolve("interrupted.txt").toFile()).start();
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    while (names(prefix.resolve("lib")).stream().noneMatch(n -> n.startsWith(InstallCommand.OLD))) {
      assertTrue(p.isAlive() && System.nanoTime() < deadline, "never saw the old library moved away: "
          + Files.readString(shared.resolve("interrupted.txt")));
      Thread.sleep(2);
    }
    if (outright) {
      p.destroyForcibly();
    } else {
      p.destroy();
    }
    assertTrue(p.waitFor(1, TimeUnit.MINUTES));
    return p;
  }

  @Test
  void anInterruptedInstallationPutsTheOneBeforeItBack() throws Exception {
    Path p = shared.resolve("interrupted");
    assertEquals(0, install(command(), p.toString()).exit());
    Path lib = p.resolve("lib/vkrules");
    Files.writeString(lib.resolve("marker"), "the installation before");
    List<String> before = names(lib);
    byte[] launcher = Files.readAllBytes(p.resolve("bin/vkrules"));

    Process stopped = interrupted(p, false);
    assertTrue(stopped.exitValue() != 0);
    assertEquals(before, names(lib));
    assertEquals(List.of("vkrules"), names(p.resolve("lib")));
    assertEquals(List.of("vkrules"), names(p.resolve("bin")));
    assertTrue(java.util.Arrays.equals(launcher, Files.readAllBytes(p.resolve("bin/vkrules"))));
    assertEquals(0, run(Map.of(), List.of(p.resolve("bin/vkrules").toString(), "validate", VALID.toString())).exit());

    // killed outright, it cannot clean up; the next installation removes what it left
    interrupted(p, true);
    assertTrue(names(p.resolve("lib")).stream().anyMatch(n -> n.startsWith(InstallCommand.OLD)), names(p.resolve("lib")).toString());
    Result r = install(command(), p.toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals(List.of("vkrules"), names(p.resolve("lib")));
    assertEquals(List.of("vkrules"), names(p.resolve("bin")));
    assertFalse(Files.exists(lib.resolve("marker")));
  }

  @Test
  void badPrefixesAndAMissingCheckoutAreOneLineErrors() throws Exception {
    Path file = Files.writeString(shared.resolve("a-file"), "x");
    Result r = install(command(), file.toString());
    assertEquals(2, r.exit());
    assertEquals("vkrules: install: " + file + " is not a directory", r.err().strip());

    InstallCommand outside = command();
    outside.root = null;
    r = install(outside, shared.resolve("unused").toString());
    assertEquals(2, r.exit());
    assertTrue(r.err().strip().startsWith("vkrules: install: run it through the checkout's launcher"), r.err());
    assertFalse(Files.exists(shared.resolve("unused")));

    InstallCommand unbuilt = command();
    unbuilt.root = shared.resolve("no-checkout");
    r = install(unbuilt, shared.resolve("unused").toString());
    assertEquals("vkrules: install: no runtime/target/vkrules.jar (build first: ./vkrules --help)", r.err().strip());

    // the launcher without its library directory
    Path empty = Files.createDirectories(shared.resolve("empty"));
    Result lone = run(Map.of("VKRULES_LIB", empty.toString()), List.of("/bin/sh", ROOT.resolve("runtime/src/main/sh/vkrules").toString(), "validate"));
    assertEquals(2, lone.exit());
    assertEquals("vkrules: no vkrules.jar in " + empty + " (reinstall: ./vkrules install PREFIX)", lone.err().strip());
    // nor with none (what install writes in is missing)
    Result none = run(Map.of(), List.of("/bin/sh", ROOT.resolve("runtime/src/main/sh/vkrules").toString(), "validate"));
    assertEquals(2, none.exit());
    assertTrue(none.err().startsWith("vkrules: no library directory:"), none.err());
  }

  private static List<String> names(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(x -> x.getFileName().toString()).sorted().toList();
    }
  }
}
