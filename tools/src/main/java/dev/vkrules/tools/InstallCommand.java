package dev.vkrules.tools;

import dev.vkrules.runtime.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code vkrules install}: puts this checkout's runtime where a build calls it without the
 * development launcher's freshness test and Maven: {@code PREFIX/bin/vkrules} (the runtime's own
 * launcher, {@code runtime/src/main/sh/vkrules}, with the library directory written in) and
 * {@code PREFIX/lib/vkrules/}: the runnable jar, Java 25's AOT cache of it (it stays valid when jar
 * and cache move together), a link to the Java 25 that made it, a class-data archive dumped anew
 * for the installed jar (JDK 17's archive names its jar's path) and a link to that JDK's java.
 *
 * <p>An existing installation is replaced whole or left as it was: the new library directory is
 * made beside it, the old one moved away and back should anything fail or the run be interrupted
 * (Ctrl-C, a kill), and the launcher written last, through a temporary file. What a run killed
 * outright left beside it ({@code .vkrules-install-*}, {@code .vkrules-old-*}) the next one removes.
 */
@Command(name = "install", mixinStandardHelpOptions = true,
    description = {"Installs the runtime (validate, dis, as, profile-check) to run without this checkout.",
        "",
        "PREFIX/bin/vkrules starts java at once (no build, no freshness test): what a",
        "build system calls. PREFIX/lib/vkrules/ holds the jar and its start-up caches.",
        "Uninstall: rm -r PREFIX/bin/vkrules PREFIX/lib/vkrules",
        "",
        "Exit 0 when installed, 2 when it cannot be (an earlier installation is then",
        "left as it was)."})
public final class InstallCommand implements Callable<Integer> {
  /** The system property through which ./vkrules names the Java 25 its AOT cache is for. */
  static final String JAVA25_PROPERTY = "vkrules.java25";

  @Parameters(paramLabel = "PREFIX", arity = "0..1",
      description = "where to install (default: ~/.local); put PREFIX/bin on PATH")
  Path prefix;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  // What the launcher passes (vkrules.root, vkrules.java25) and the JDK this runs on; tests set them.
  Path root = property("vkrules.root");
  Path java25 = property(JAVA25_PROPERTY);
  Path java17 = Path.of(System.getProperty("java.home"), "bin", "java");

  private static Path property(String name) {
    String value = System.getProperty(name, "");
    return value.isBlank() ? null : Path.of(value);
  }

  /** Why the installation stopped; reported as one line, exit 2. */
  static final class Failure extends Exception {
    Failure(String message) {
      super(message);
    }
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      Installed r = install();
      out.println("vkrules: installed " + r.launcher + " (" + r.how + ")");
      String path = System.getenv("PATH");
      Path bin = r.launcher.getParent();
      if (path == null || Stream.of(path.split(":")).noneMatch(p -> !p.isEmpty() && Path.of(p).toAbsolutePath().equals(bin))) {
        out.println("vkrules: " + bin + " is not on PATH; add it, or call " + r.launcher);
      }
      return 0;
    } catch (Failure e) {
      err.println("vkrules: install: " + e.getMessage());
      return Main.EXIT_USAGE;
    }
  }

  record Installed(Path launcher, String how) {}

  Installed install() throws Failure {
    if (root == null) {
      throw new Failure("run it through the checkout's launcher (./vkrules install PREFIX): it installs that build");
    }
    Path target = root.resolve("runtime/target");
    Path jar = target.resolve("vkrules.jar");
    Path classList = target.resolve("vkrules.classlist");
    Path aot = target.resolve("vkrules.aot");
    Path script = root.resolve("runtime/src/main/sh/vkrules");
    for (Path p : List.of(jar, classList, script)) {
      if (!Files.isRegularFile(p)) {
        throw new Failure("no " + root.relativize(p) + " (build first: ./vkrules --help)");
      }
    }
    boolean withAot = Files.isRegularFile(aot) && java25 != null && Files.isExecutable(java25);

    Path base = (prefix != null ? prefix : Path.of(System.getProperty("user.home"), ".local")).toAbsolutePath().normalize();
    if (base.toString().chars().anyMatch(Character::isISOControl)) {
      throw new Failure("the prefix has a control character (a newline, a tab): " + base.toString().replaceAll("\\p{Cntrl}", "?"));
    }
    if (Files.exists(base) && !Files.isDirectory(base)) {
      throw new Failure(base + " is not a directory");
    }
    Path libParent = base.resolve("lib");
    Path lib = libParent.resolve("vkrules");
    Path binDir = base.resolve("bin");
    Path launcher = binDir.resolve("vkrules");
    if (Files.isDirectory(launcher)) {
      throw new Failure(launcher + " is a directory");
    }
    try {
      Files.createDirectories(libParent);
      Files.createDirectories(binDir);
    } catch (IOException e) {
      throw new Failure("cannot create the directories: " + describe(e));
    }

    Transaction t = new Transaction(lib, launcher);
    // An interrupted run (Ctrl-C, a kill) puts back what it had moved away, as a failed one does;
    // what a run killed outright leaves (its .vkrules-* folders) the next one removes.
    Thread rollback = new Thread(t::finish, "vkrules-install-rollback");
    Runtime.getRuntime().addShutdownHook(rollback);
    try {
      removeLeftovers(libParent, binDir, spec == null ? null : spec.commandLine().getErr());
      t.oldLauncher = Files.isRegularFile(launcher) ? Files.readAllBytes(launcher) : null;
      t.step(() -> {
        t.stage = Files.createTempDirectory(libParent, STAGE + ProcessHandle.current().pid() + "-");
        Files.setPosixFilePermissions(t.stage, PosixFilePermissions.fromString("rwxr-xr-x"));
      });
      // Jar and AOT cache keep their times: the cache records the jar it was made for.
      Files.copy(jar, t.stage.resolve("vkrules.jar"), StandardCopyOption.COPY_ATTRIBUTES);
      if (withAot) {
        Files.copy(aot, t.stage.resolve("vkrules.aot"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.createSymbolicLink(t.stage.resolve("java25"), java25.toAbsolutePath());
      }
      Files.createSymbolicLink(t.stage.resolve("java"), java17.toAbsolutePath());
      t.step(() -> {
        if (Files.exists(lib, LinkOption.NOFOLLOW_LINKS)) {
          t.old = libParent.resolve(OLD + t.stage.getFileName().toString().substring(STAGE.length()));
          move(lib, t.old);
        }
        move(t.stage, lib);
        t.swapped = true;
      });
      // The archive names the jar by its path: dumped for the installed one, as the build dumps its own.
      run(List.of(java17.toString(), "-Xshare:dump", "-XX:SharedClassListFile=" + classList,
          "-XX:SharedArchiveFile=" + lib.resolve("vkrules.jsa"), "-cp", lib.resolve("vkrules.jar").toString()),
          "the class-data archive", t);
      String text = Files.readString(script, StandardCharsets.UTF_8);
      String marker = "lib=${VKRULES_LIB:-}";
      if (!text.contains(marker)) {
        throw new Failure(root.relativize(script) + " has no line '" + marker + "' to write the library directory into");
      }
      byte[] written = text.replace(marker, "lib=${VKRULES_LIB:-" + shellQuoted(lib.toString()) + "}")
          .getBytes(StandardCharsets.UTF_8);
      t.step(() -> {
        t.launcherWritten = true;
        writeLauncher(launcher, written);
      });
      // The installed launcher runs (its java, jar and archives are found) before the old files go.
      run(List.of(launcher.toString(), "--version"), "the installed launcher", t);
      t.step(() -> t.done = true);
      String how = withAot
          ? "validate and dis under " + java25 + " with its AOT cache; as and profile-check under " + java17
              + " with a class-data archive"
          : "every command under " + java17 + " with a class-data archive"
              + (Files.isRegularFile(aot) ? "; no Java 25 at " + java25 + " for the AOT cache" : "");
      return new Installed(launcher, how);
    } catch (IOException e) {
      throw new Failure(describe(e));
    } finally {
      IOException cleanup = t.finish();
      try {
        Runtime.getRuntime().removeShutdownHook(rollback);
      } catch (IllegalStateException e) {
        // shutting down already: the hook runs finish(), which has nothing left to do
      }
      if (cleanup != null && spec != null) {
        spec.commandLine().getErr().println("vkrules: install: while cleaning up: " + describe(cleanup));
      }
    }
  }

  /** Names of an installation's working folders beside PREFIX/lib/vkrules: the new one, the one it replaces. */
  static final String STAGE = ".vkrules-install-";
  static final String OLD = ".vkrules-old-";

  /**
   * What an installation has moved, and the way back: steps run one at a time against
   * {@link #finish}, which the shutdown hook may call while a step is under way.
   */
  private static final class Transaction {
    interface Step {
      void run() throws IOException;
    }

    private final Path lib;
    private final Path launcher;
    Path stage;
    Path old;
    boolean swapped;
    boolean launcherWritten;
    boolean done;
    byte[] oldLauncher;
    Process child;
    private boolean finished;

    Transaction(Path lib, Path launcher) {
      this.lib = lib;
      this.launcher = launcher;
    }

    synchronized void step(Step s) throws IOException {
      if (finished) {
        throw new IOException("interrupted");
      }
      s.run();
    }

    /** Once: on success the replaced installation goes; otherwise what was before comes back, or nothing stays. */
    synchronized IOException finish() {
      if (finished) {
        return null;
      }
      finished = true;
      if (child != null && child.isAlive()) {
        // a class-data dump still under way would write into the folder put back
        child.destroyForcibly();
        try {
          child.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      try {
        if (stage != null && !swapped) {
          deleteTree(stage);
        }
        if (done) {
          if (old != null) {
            deleteTree(old);
          }
          return null;
        }
        if (swapped) {
          deleteTree(lib);
        }
        if (old != null) {
          move(old, lib);
        }
        if (launcherWritten) {
          if (oldLauncher != null) {
            writeLauncher(launcher, oldLauncher);
          } else {
            Files.deleteIfExists(launcher);
          }
        }
        return null;
      } catch (IOException e) {
        return e;
      }
    }
  }

  /**
   * Removes what earlier installations into this prefix left when they were killed outright: their
   * new or replaced library folders and temporary launchers. A folder named for a process that
   * still runs (another installation under way) is left to it.
   */
  static void removeLeftovers(Path libParent, Path binDir, PrintWriter err) throws IOException {
    List<Path> leftovers = new ArrayList<>();
    for (Path dir : List.of(libParent, binDir)) {
      try (Stream<Path> s = Files.list(dir)) {
        s.filter(p -> leftover(p.getFileName().toString(), dir == binDir)).forEach(leftovers::add);
      }
    }
    for (Path p : leftovers) {
      deleteTree(p);
      if (err != null) {
        err.println("vkrules: install: removed " + p + ", left by an interrupted installation");
      }
    }
  }

  /** Whether {@code name} is an interrupted installation's folder (or temporary launcher) whose process is gone. */
  static boolean leftover(String name, boolean launcherFolder) {
    String rest;
    if (launcherFolder) {
      if (!name.startsWith(".vkrules-") || !name.endsWith(".tmp")) {
        return false;
      }
      rest = name.substring(".vkrules-".length());
    } else if (name.startsWith(STAGE)) {
      rest = name.substring(STAGE.length());
    } else if (name.startsWith(OLD)) {
      rest = name.substring(OLD.length());
    } else {
      return false;
    }
    int dash = rest.indexOf('-');
    if (dash <= 0) {
      return true;  // written before the names carried the process (or not ours to keep)
    }
    try {
      long pid = Long.parseLong(rest.substring(0, dash));
      return pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
    } catch (NumberFormatException e) {
      return true;
    }
  }

  /** Writes the launcher through a temporary file beside it, executable. */
  private static void writeLauncher(Path launcher, byte[] content) throws IOException {
    Path tmp = Files.createTempFile(launcher.getParent(), ".vkrules-" + ProcessHandle.current().pid() + "-", ".tmp");
    try {
      Files.write(tmp, content);
      Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
      move(tmp, launcher);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** Runs a command to its end; its output goes into the failure's message when it fails. */
  private static void run(List<String> command, String what, Transaction t) throws Failure, IOException {
    Process[] started = new Process[1];
    // started as a step: an interrupted installation ends it before putting the old files back
    t.step(() -> t.child = started[0] = new ProcessBuilder(command).redirectErrorStream(true).start());
    Process p = started[0];
    p.getOutputStream().close();
    byte[] output = p.getInputStream().readAllBytes();
    try {
      if (!p.waitFor(5, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new Failure(what + " did not finish in 5 minutes: " + String.join(" ", command));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Failure("interrupted while making " + what);
    }
    if (p.exitValue() != 0) {
      String last = new String(output, StandardCharsets.UTF_8).strip().lines()
          .reduce((a, b) -> b).orElse("no output");
      throw new Failure(what + " failed (exit " + p.exitValue() + "): " + last);
    }
  }

  /**
   * The library path as the word of {@code lib=${VKRULES_LIB:-WORD}}: a backslash before every
   * character the shell treats specially there keeps it literal (a newline, which a backslash would
   * join to the next line, is refused before).
   */
  private static String shellQuoted(String s) {
    StringBuilder b = new StringBuilder();
    for (char c : s.toCharArray()) {
      if ("\\$`\" '|&;<>(){}*?[]#~=%".indexOf(c) >= 0) {
        b.append('\\');
      }
      b.append(c);
    }
    return b.toString();
  }

  /** One line for a file system error: the path and what went wrong. */
  private static String describe(IOException e) {
    String reason = e instanceof java.nio.file.AccessDeniedException ? "permission denied"
        : e instanceof java.nio.file.NoSuchFileException ? "no such file or directory"
        : e instanceof java.nio.file.NotDirectoryException ? "not a directory"
        : e instanceof java.nio.file.DirectoryNotEmptyException ? "directory not empty"
        : e instanceof FileAlreadyExistsException ? "already exists"
        : null;
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return reason == null ? message : message + ": " + reason;
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    List<Path> all = new ArrayList<>();
    try (Stream<Path> s = Files.walk(dir)) {
      s.forEach(all::add);
    }
    all.sort(Comparator.reverseOrder());
    for (Path p : all) {
      Files.deleteIfExists(p);
    }
  }
}
