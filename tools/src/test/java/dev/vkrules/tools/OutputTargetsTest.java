package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vkrules.runtime.cli.Main;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that writes a file ({@code as -o}, {@code dis -o}, {@code validate --write-baseline},
 * {@code coverage --out}, {@code tables --out}, {@code diff --out}) leaves a character device a
 * device, writes a FIFO in place, writes through a symbolic link (which stays a link), and turns a
 * write error into one line and exit 2 with nothing left under the target's name; every command
 * that writes standard output reports a full disk or a closed pipe as one line and exit 2. The
 * special files are this test's own ({@code mknod}, {@code mkfifo} in a scratch folder); the only
 * system device written is {@code /dev/full}, whose behaviour (every write fails) is the point.
 */
class OutputTargetsTest {
  private static final Path ROOT = Path.of(System.getProperty("vkrules.root", "..")).toAbsolutePath().normalize();
  private static final String VALID = ROOT.resolve("examples/shaders/pbr_metallic_roughness.frag.spv").toString();
  private static final String INVALID = ROOT.resolve("examples/shaders/invalid-integer-varying-not-flat.spv").toString();
  private static final String ASSEMBLY = ROOT.resolve("examples/pipelines/attrib.vert.spvasm").toString();

  @TempDir static Path scratch;

  /** The commands that write a file, each as a function of its output path. */
  private static final List<Writer> WRITERS = List.of(
      new Writer("as -o", 0, out -> new String[] {"as", ASSEMBLY, "-o", out}),
      new Writer("dis -o", 0, out -> new String[] {"dis", VALID, "-o", out}),
      new Writer("validate --write-baseline", 0, out -> new String[] {"validate", "--no-config", "--write-baseline", out, INVALID}),
      new Writer("coverage --out", 0, out -> new String[] {"coverage", "--rules", ROOT.resolve("rules").toString(),
          "--spec", ROOT.resolve("spec-sources").toString(), "--spirv-val-list",
          ROOT.resolve("peers/spirv-val-2025.5.vuids").toString(), "--format", "json", "--out", out}),
      new Writer("tables --out", 0, out -> new String[] {"tables", "--rules", ROOT.resolve("rules").toString(),
          "--table", "capabilities", "--out", out}));

  private record Writer(String name, int exit, Function<String, String[]> args) {}

  private record Result(int exit, String out, String err) {}

  private static Path regular;
  private static final List<byte[]> EXPECTED = new ArrayList<>();

  /** What each command writes to a regular file: the content every other target must receive. */
  @BeforeAll
  static void regularFiles() throws IOException {
    regular = Files.createDirectories(scratch.resolve("regular"));
    for (int i = 0; i < WRITERS.size(); i++) {
      Path out = regular.resolve("out" + i);
      Result r = run(WRITERS.get(i).args().apply(out.toString()));
      assertEquals(WRITERS.get(i).exit(), r.exit(), WRITERS.get(i).name() + ": " + r.err());
      EXPECTED.add(Files.readAllBytes(out));
      assertTrue(EXPECTED.get(i).length > 0, WRITERS.get(i).name());
    }
  }

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Result(exit, out.toString(), err.toString());
  }

  private static void sh(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).inheritIO().start();
    assertEquals(0, p.waitFor(), String.join(" ", command));
  }

  private static BasicFileAttributes attrs(Path p) throws IOException {
    return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
  }

  @Test
  void aCharacterDeviceStaysADevice() throws Exception {
    // the kernel's null device, made here: major 1, minor 3
    Path dev = scratch.resolve("null-device");
    try {
      sh("mknod", dev.toString(), "c", "1", "3");
    } catch (AssertionError e) {
      assumeTrue(false, "mknod needs root here: " + e.getMessage());
    }
    for (Writer w : WRITERS) {
      Result r = run(w.args().apply(dev.toString()));
      assertEquals(w.exit(), r.exit(), w.name() + ": " + r.err());
      assertTrue(attrs(dev).isOther(), w.name() + " replaced the device");
      assertEquals(List.of(dev.getFileName().toString()), siblings(scratch, "null-device"), w.name());
    }
  }

  @Test
  void aFifoIsWrittenInPlace() throws Exception {
    for (int i = 0; i < WRITERS.size(); i++) {
      Path fifo = scratch.resolve("fifo" + i);
      sh("mkfifo", fifo.toString());
      CompletableFuture<byte[]> reader = CompletableFuture.supplyAsync(() -> {
        try (InputStream in = Files.newInputStream(fifo)) {
          return in.readAllBytes();
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      Writer w = WRITERS.get(i);
      Result r = run(w.args().apply(fifo.toString()));
      assertEquals(w.exit(), r.exit(), w.name() + ": " + r.err());
      assertArrayEquals(EXPECTED.get(i), reader.get(60, TimeUnit.SECONDS), w.name());
      assertTrue(attrs(fifo).isOther(), w.name() + " replaced the FIFO");
    }
  }

  @Test
  void aSymbolicLinkIsWrittenThrough() throws Exception {
    Path dir = Files.createDirectories(scratch.resolve("links"));
    for (int i = 0; i < WRITERS.size(); i++) {
      Path file = Files.writeString(dir.resolve("real" + i), "old content");
      Path link = Files.createSymbolicLink(dir.resolve("link" + i), Path.of("real" + i));
      // a dangling link: its target is created
      Path dangling = Files.createSymbolicLink(dir.resolve("dangling" + i), Path.of("new" + i));
      Writer w = WRITERS.get(i);
      for (Path target : List.of(link, dangling)) {
        Result r = run(w.args().apply(target.toString()));
        assertEquals(w.exit(), r.exit(), w.name() + ": " + r.err());
        assertTrue(attrs(target).isSymbolicLink(), w.name() + " replaced the link " + target.getFileName());
      }
      assertArrayEquals(EXPECTED.get(i), Files.readAllBytes(file), w.name());
      assertArrayEquals(EXPECTED.get(i), Files.readAllBytes(dir.resolve("new" + i)), w.name());
    }
    try (Stream<Path> s = Files.list(dir)) {
      assertFalse(s.anyMatch(p -> p.getFileName().toString().startsWith(".")), "a temporary file was left");
    }
  }

  @Test
  void aFailedWriteIsOneLineAndExit2() throws Exception {
    assumeTrue(Files.exists(Path.of("/dev/full")), "no /dev/full here");
    for (Writer w : WRITERS) {
      Result r = run(w.args().apply("/dev/full"));
      assertEquals(2, r.exit(), w.name() + ": " + r.err());
      assertEquals("vkrules: cannot write /dev/full: no space left on device", lastLine(r.err()), w.name());
      assertEquals(1, r.err().lines().count(), w.name() + ": " + r.err());
    }
    // a directory that refuses new files (root writes anywhere: there, a folder that is a file
    // stands for it): the temporary file cannot be made, the old file stays whole, nothing appears
    if (isRoot()) {
      Path notADirectory = Files.writeString(scratch.resolve("plain-file"), "old content");
      for (Writer w : WRITERS) {
        Result r = run(w.args().apply(notADirectory.resolve("out").toString()));
        assertEquals(2, r.exit(), w.name() + ": " + r.err());
        assertTrue(lastLine(r.err()).startsWith("vkrules: cannot write " + notADirectory.resolve("out") + ": "), r.err());
        assertEquals("old content", Files.readString(notADirectory), w.name());
        assertEquals(List.of("plain-file"), siblings(scratch, "plain-file"), w.name());
      }
      return;
    }
    Path locked = Files.createDirectories(scratch.resolve("locked"));
    Path old = Files.writeString(locked.resolve("out"), "old content");
    assertTrue(locked.toFile().setWritable(false));
    try {
      for (Writer w : WRITERS) {
        Result r = run(w.args().apply(old.toString()));
        assertEquals(2, r.exit(), w.name() + ": " + r.err());
        assertTrue(lastLine(r.err()).startsWith("vkrules: cannot write " + old + ": "), r.err());
        assertEquals("old content", Files.readString(old), w.name());
        assertEquals(List.of("out"), siblings(locked, ""), w.name());
      }
    } finally {
      locked.toFile().setWritable(true);
    }
  }

  /**
   * A full disk under a regular file that already exists: each command in a JVM whose file size
   * limit is 0 ({@code ulimit -f 0}, SIGXFSZ ignored, so a write fails with "file too large" as on a
   * full disk). One line, exit 2, the old file whole and no temporary file left beside it.
   */
  @Test
  void aFullDiskUnderARegularFileKeepsTheOldOne() throws Exception {
    Path folder = Files.createDirectories(scratch.resolve("full-disk"));
    for (Writer w : WRITERS) {
      Path old = Files.writeString(folder.resolve("out"), "old content");
      List<String> command = new ArrayList<>(java(w.args().apply(old.toString())).command());
      ProcessBuilder pb = new ProcessBuilder("sh", "-c", "trap '' XFSZ; ulimit -f 0 && exec \"$@\"", "sh");
      pb.command().addAll(command);
      Process p = pb.directory(ROOT.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(2, p.waitFor(), w.name() + ": " + err);
      assertEquals("vkrules: cannot write " + old + ": file too large", lastLine(err), w.name() + ": " + err);
      assertEquals("old content", Files.readString(old), w.name());
      assertEquals(List.of("out"), siblings(folder, ""), w.name());
    }
  }

  /** diff writes through the same report output as coverage: one run, into a FIFO, which stays one. */
  @Test
  void diffWritesAFifoInPlace() throws Exception {
    Path copy = Files.createDirectories(scratch.resolve("spec-copy"));
    try (Stream<Path> files = Files.list(ROOT.resolve("spec-sources"))) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Files.copy(f, copy.resolve(f.getFileName()));
      }
    }
    Path fifo = scratch.resolve("diff-fifo");
    sh("mkfifo", fifo.toString());
    CompletableFuture<byte[]> reader = CompletableFuture.supplyAsync(() -> {
      try (InputStream in = Files.newInputStream(fifo)) {
        return in.readAllBytes();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    Result r = run("diff", "--format", "json", "--out", fifo.toString(), ROOT.resolve("spec-sources").toString(),
        copy.toString());
    assertEquals(0, r.exit(), r.err());
    String json = new String(reader.get(120, TimeUnit.SECONDS), StandardCharsets.UTF_8);
    assertTrue(json.startsWith("{") && json.contains("\"schema\""), json);
    assertTrue(attrs(fifo).isOther(), "diff replaced the FIFO");
    // and a write that fails is one line and exit 2, as for the other commands
    if (Files.exists(Path.of("/dev/full"))) {
      Result full = run("diff", "--format", "json", "--out", "/dev/full", ROOT.resolve("spec-sources").toString(),
          copy.toString());
      assertEquals(2, full.exit(), full.err());
      assertEquals("vkrules: cannot write /dev/full: no space left on device", lastLine(full.err()));
    }
  }

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static String lastLine(String text) {
    List<String> lines = text.lines().toList();
    return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
  }

  private static List<String> siblings(Path dir, String prefix) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(prefix) || n.startsWith("." + prefix))
          .sorted().toList();
    }
  }

  /** Standard output: each command in its own JVM, its output going to /dev/full or to a pipe closed at once. */
  @Test
  void standardOutputErrorsAreOneLineAndExit2() throws Exception {
    assumeTrue(Files.exists(Path.of("/dev/full")), "no /dev/full here");
    List<String[]> commands = List.of(
        new String[] {"validate", "--no-config", "--format", "sarif", INVALID},
        new String[] {"validate", "--no-config", VALID},
        new String[] {"dis", VALID},
        new String[] {"as", ASSEMBLY, "-o", "-"},
        new String[] {"tables", "--rules", ROOT.resolve("rules").toString()},
        new String[] {"coverage", "--rules", ROOT.resolve("rules").toString(), "--spec",
            ROOT.resolve("spec-sources").toString(), "--spirv-val-list",
            ROOT.resolve("peers/spirv-val-2025.5.vuids").toString()});
    for (String[] c : commands) {
      Process p = java(c).redirectOutput(new File("/dev/full")).start();
      String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(2, p.waitFor(), String.join(" ", c) + ": " + err);
      assertEquals("vkrules: cannot write standard output: no space left on device", err.strip(), String.join(" ", c));
    }
    // a reader that went away before the first byte: tables is larger than a pipe's buffer anyway
    Process p = java(commands.get(4)).start();
    p.getInputStream().close();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(2, p.waitFor(), err);
    assertEquals("vkrules: cannot write standard output: broken pipe", err.strip());
  }

  private static ProcessBuilder java(String... args) {
    List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
        "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Dvkrules.root=" + ROOT,
        "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(List.of(args));
    return new ProcessBuilder(command).directory(ROOT.toFile());
  }
}
