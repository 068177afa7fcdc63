package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.cli.Version;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a release gives a team, from the artifacts this build packaged (an integration test: it
 * runs after the runtime module's package phase): the archive unpacked anywhere runs validate from
 * its bin/vkrules (also through a link) and with {@code java -jar}; and a project of its own
 * (src/test/resources/library-consumer) resolves {@code dev.vkrules:runtime} from a scratch local
 * repository the artifacts were installed into, never from ~/.m2, and validates a module with the
 * library API, with the findings the engine gives here.
 */
class ReleaseIT {
  private static final Path ROOT = Path.of(System.getProperty("vkrules.root", "..")).toAbsolutePath().normalize();
  private static final Path INVALID = ROOT.resolve("examples/shaders/invalid-integer-varying-not-flat.spv");
  private static final Path VALID = ROOT.resolve("examples/shaders/pbr_metallic_roughness.frag.spv");

  @TempDir Path scratch;

  private record Result(int exit, String out, String err) {}

  private Result run(Path dir, Map<String, String> env, String... command) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
        .redirectOutput(scratch.resolve("out.txt").toFile()).redirectError(scratch.resolve("err.txt").toFile());
    pb.environment().remove("VKRULES_LIB");
    pb.environment().remove("VKRULES_JAVA_OPTS");
    pb.environment().putAll(env);
    Process p = pb.start();
    assertTrue(p.waitFor(10, TimeUnit.MINUTES), String.join(" ", command) + " timed out");
    return new Result(p.exitValue(), Files.readString(scratch.resolve("out.txt")), Files.readString(scratch.resolve("err.txt")));
  }

  /** The VUIDs the engine reports for {@code module} under Vulkan 1.3, in order. */
  private static List<String> expected(Path module) throws IOException {
    List<String> vuids = Validator.validate(Files.readAllBytes(module), Target.VULKAN_1_3).diagnostics().stream()
        .map(Diagnostic::vuid).toList();
    assertFalse(vuids.isEmpty(), "the invalid example raises nothing: the comparison would be vacuous");
    return vuids;
  }

  @Test
  void theArchiveRunsWhereverItIsUnpacked() throws Exception {
    Path archive = ROOT.resolve("runtime/target/vkrules-" + Version.get() + ".tar.gz");
    assertTrue(Files.isRegularFile(archive), archive + " was not built");
    Path zip = ROOT.resolve("runtime/target/vkrules-" + Version.get() + ".zip");
    assertTrue(Files.isRegularFile(zip), zip + " was not built");
    Path unpacked = Files.createDirectories(scratch.resolve("some where"));
    assertEquals(0, run(unpacked, Map.of(), "tar", "xzf", archive.toString()).exit());
    Path home = unpacked.resolve("vkrules-" + Version.get());
    try (Stream<Path> files = Files.walk(home)) {
      assertEquals(List.of("LICENSE", "NOTICE", "README.md", "bin/vkrules", "lib/vkrules/vkrules.jar",
          "lib/vkrules/vkrules.sh"), files.filter(Files::isRegularFile).map(f -> home.relativize(f).toString())
          .sorted().toList());
    }
    Path launcher = home.resolve("bin/vkrules");
    Result version = run(scratch, Map.of(), launcher.toString(), "--version");
    assertEquals(0, version.exit(), version.err());
    assertTrue(version.out().startsWith("vkrules " + Version.get() + " (commit " + Version.commit() + ")\n"), version.out());

    Result invalid = run(scratch, Map.of(), launcher.toString(), "validate", "--no-config", "--format", "json",
        INVALID.toString());
    assertEquals(1, invalid.exit(), invalid.err());
    for (String vuid : expected(INVALID)) {
      assertTrue(invalid.out().contains("\"" + vuid + "\""), vuid + " missing: " + invalid.out());
    }
    // through a link in another directory, as a PATH entry would hold it
    Path bin = Files.createDirectories(scratch.resolve("bin"));
    Path link = Files.createSymbolicLink(bin.resolve("vkrules"), launcher);
    assertEquals(0, run(scratch, Map.of(), link.toString(), "validate", "--no-config", VALID.toString()).exit());
    // without a POSIX shell: the jar alone
    String java = ProcessHandle.current().info().command().orElse("java");
    Result jar = run(scratch, Map.of(), java, "-jar", home.resolve("lib/vkrules/vkrules.jar").toString(), "validate",
        "--no-config", INVALID.toString());
    assertEquals(1, jar.exit(), jar.err());
    assertTrue(jar.out().contains(expected(INVALID).get(0)), jar.out());
  }

  @Test
  void aProjectDependsOnTheLibraryFromALocalRepository() throws Exception {
    String version = Version.get();
    Path repo = scratch.resolve("repository");
    Path runtimeJar = ROOT.resolve("runtime/target/runtime-" + version + ".jar");
    assertTrue(Files.isRegularFile(runtimeJar), runtimeJar + " was not built");
    // the parent POM (dependency management) and the runtime, as `mvn install` would lay them out
    String install = "org.apache.maven.plugins:maven-install-plugin:3.1.4:install-file";
    Result parent = run(ROOT, Map.of(), "mvn", "-B", "-q", "-N", install, "-Dfile=pom.xml", "-DpomFile=pom.xml",
        "-Dpackaging=pom", "-DlocalRepositoryPath=" + repo);
    assertEquals(0, parent.exit(), parent.out() + parent.err());
    Result runtime = run(ROOT, Map.of(), "mvn", "-B", "-q", "-N", install, "-Dfile=" + runtimeJar,
        "-DpomFile=runtime/pom.xml", "-DlocalRepositoryPath=" + repo);
    assertEquals(0, runtime.exit(), runtime.out() + runtime.err());
    assertTrue(Files.isRegularFile(repo.resolve("dev/vkrules/runtime/" + version + "/runtime-" + version + ".jar")));

    // the consumer: its own copy, a local repository of its own; everything else (plugins, picocli,
    // Jackson) read from the user's repository as a file:// mirror, which is never written
    Path project = scratch.resolve("consumer");
    Path sample = ROOT.resolve("tools/src/test/resources/library-consumer");
    try (Stream<Path> files = Files.walk(sample)) {
      for (Path f : files.toList()) {
        Path to = project.resolve(sample.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(to);
        } else {
          Files.copy(f, to);
        }
      }
    }
    String userRepo = System.getProperty("maven.repo.local",
        Path.of(System.getProperty("user.home"), ".m2", "repository").toString());
    Path settings = Files.writeString(scratch.resolve("settings.xml"), "<settings><mirrors><mirror><id>user-repository</id>"
        + "<mirrorOf>*</mirrorOf><url>" + Path.of(userRepo).toUri() + "</url></mirror></mirrors></settings>\n",
        StandardCharsets.UTF_8);
    List<String> command = new ArrayList<>(List.of("mvn", "-B", "-q", "-Dstyle.color=never", "-s", settings.toString(),
        "-Dmaven.repo.local=" + repo, "-Dvkrules.version=" + version, "-Dmodule=" + INVALID, "process-classes"));
    Result consumer = run(project, Map.of(), command.toArray(String[]::new));
    assertEquals(0, consumer.exit(), consumer.out() + consumer.err());
    // Maven may still put an escape sequence before the program's first line
    List<String> findings = consumer.out().lines().filter(l -> l.contains("finding: "))
        .map(l -> l.substring(l.indexOf("finding: ") + "finding: ".length())).toList();
    assertEquals(expected(INVALID), findings, consumer.out());
    assertTrue(consumer.out().contains("ok: false"), consumer.out());
  }
}
