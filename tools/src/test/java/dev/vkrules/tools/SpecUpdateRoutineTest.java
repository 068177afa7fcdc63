package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vkrules.generator.GenerateMain;
import dev.vkrules.runtime.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A spec update needs no Java: the project's own procedure (import.sh, diff, extract, generate and
 * compile) runs on two releases' inputs, the previous pin and the current one, with this very
 * code. Release facts (VUID counts, which VUIDs were added) are read from the inputs, never typed.
 * The previous release is imported with its validusage.json, the current one without it, so both
 * paths of the procedure build.
 * Skips with a message when {@code ../shared/spec-sources/} is not beside the project.
 */
class SpecUpdateRoutineTest {
  static final Path ROOT = Path.of(System.getProperty("vkrules.root", "..")).toAbsolutePath().normalize();
  static final Path RELEASES = ROOT.resolveSibling("shared").resolve("spec-sources");
  /** A VUID anchor, or a {@code :refpage:} attribute line that {@code {refpage}} in later anchors stands for. */
  static final Pattern ANCHOR = Pattern.compile(
      "\\[\\[VUID-([A-Za-z]+|\\{refpage\\})-([A-Za-z0-9_]+-\\d{5})\\]\\]|^:refpage: *(\\S+)", Pattern.MULTILINE);

  @TempDir Path dir;

  private record Run(int exit, String out, String err) {}

  private static Run vkrules(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  /** The release directories under ../shared/spec-sources, oldest first, from 1.4 on. */
  private static List<Path> releases() throws IOException {
    assumeTrue(Files.isDirectory(RELEASES), "no " + RELEASES + ": the update routine is not exercised");
    try (Stream<Path> s = Files.list(RELEASES)) {
      List<Path> out = new ArrayList<>(s.filter(p -> p.getFileName().toString().matches("vulkan-1\\.4\\.\\d+"))
          .sorted((a, b) -> Integer.compare(patch(a), patch(b))).toList());
      assumeTrue(out.size() >= 2, "fewer than two 1.4 releases in " + RELEASES);
      return out.subList(out.size() - 2, out.size());
    }
  }

  private static int patch(Path release) {
    String n = release.getFileName().toString();
    return Integer.parseInt(n.substring(n.lastIndexOf('.') + 1));
  }

  /**
   * docs/spec-update.md, step 1: a scratch copy of the project's spec-sources/, then the
   * release imported into it (a release without spir-v.xml keeps the copy's).
   */
  private Path importRelease(Path release, Path into) throws Exception {
    importLog(release, into);
    return into;
  }

  /** {@link #importRelease}, giving what import.sh said. */
  private static String importLog(Path release, Path into) throws Exception {
    copyTree(ROOT.resolve("spec-sources"), into);
    Process p = new ProcessBuilder("bash", into.resolve("import.sh").toString(), release.toString())
        .redirectErrorStream(true).start();
    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), "import.sh " + release.getFileName() + ": " + log);
    // every message names the folder written, never the project's own spec-sources/
    assertTrue(log.contains(into.toRealPath() + " now holds Vulkan "), log);
    return log;
  }

  /**
   * The release as a Vulkan-Docs checkout built without {@code makeSpec validusage} gives it: every
   * input but validusage.json (links to the release's own files).
   */
  private Path withoutValidusage(Path release) throws IOException {
    Path view = Files.createDirectories(dir.resolve("release-without-validusage").resolve(release.getFileName().toString()));
    try (Stream<Path> s = Files.list(release)) {
      for (Path p : s.filter(p -> !p.getFileName().toString().equals("validusage.json")).toList()) {
        Files.createSymbolicLink(view.resolve(p.getFileName().toString()), p.toAbsolutePath());
      }
    }
    return view;
  }

  /** The VkShaderModuleCreateInfo anchors of the imported shaders chapter and the files it includes. */
  private static Set<String> shaderModuleAnchors(Path specSources) throws IOException {
    Set<String> out = new TreeSet<>();
    Pattern anchor = Pattern.compile("\\[\\[(VUID-VkShaderModuleCreateInfo-[A-Za-z0-9_]+-\\d{5})\\]\\]");
    try (Stream<Path> walk = Files.walk(specSources.resolve("spec/chapters"))) {
      for (Path f : walk.filter(p -> p.toString().endsWith(".adoc")).toList()) {
        anchor.matcher(Files.readString(f)).results().forEach(m -> out.add(m.group(1)));
      }
    }
    return out;
  }

  private static Set<String> anchors(Path specSources) throws IOException {
    Set<String> out = new TreeSet<>();
    Matcher m = ANCHOR.matcher(Files.readString(specSources.resolve("spirvenv.adoc")));
    String refpage = "";
    while (m.find()) {
      if (m.group(3) != null) {
        refpage = m.group(3);
      } else {
        out.add("VUID-" + (m.group(1).equals("{refpage}") ? refpage : m.group(1)) + "-" + m.group(2));
      }
    }
    return out;
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : walk.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }

  /** Generates both targets from a scratch tree and compiles every generated source. */
  private void build(Path spec, Path rules, String name) throws IOException {
    Path src = dir.resolve(name + "-src");
    for (String target : List.of("runtime", "tests")) {
      GenerateMain.run(new String[] {target, "--spec-sources=" + spec, "--rules=" + rules,
          "--out=" + src.resolve(target)});
    }
    List<String> files;
    // the generated tests run on the generated-tests module's own support classes
    try (Stream<Path> walk = Stream.concat(Files.walk(src), Files.walk(ROOT.resolve("generated-tests/src/test/java")))) {
      files = walk.filter(p -> p.toString().endsWith(".java")).map(Path::toString).sorted().toList();
    }
    long checked;
    try (Stream<Path> walk = Files.walk(rules)) {
      checked = walk.filter(p -> p.toString().endsWith(".yaml") && !rules.relativize(p).startsWith("retired"))
          .filter(p -> {
            try {
              return Files.readString(p).matches("(?s).*\n  status: (declarative|native)\n.*");
            } catch (IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
          }).count();
    }
    assertTrue(files.size() > checked, name + ": a checker per checked rule (" + checked + ") and the tables");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> args = new ArrayList<>(List.of("-proc:none", "-nowarn", "-classpath",
        System.getProperty("java.class.path"), "-d", Files.createDirectories(dir.resolve(name + "-classes")).toString()));
    args.addAll(files);
    java.io.ByteArrayOutputStream log = new java.io.ByteArrayOutputStream();
    int exit = javac.run(null, log, log, args.toArray(String[]::new));
    String text = log.toString(StandardCharsets.UTF_8);
    assertEquals(0, exit, name + ": generated sources do not compile: " + text.substring(0, Math.min(3000, text.length())));
  }

  @Test
  void theLastTwoReleasesGoThroughImportDiffExtractAndBuildWithThisCode() throws Exception {
    List<Path> releases = releases();
    Path oldSpec = importRelease(releases.get(0), dir.resolve("old/spec-sources"));
    // the newer release without validusage.json (the procedure supports both): no reduced
    // files are written, and the build reads the VkShaderModuleCreateInfo VUIDs from the AsciiDoc
    Path newSpec = dir.resolve("new/spec-sources");
    String log = importLog(withoutValidusage(releases.get(1)), newSpec);
    assertTrue(log.contains("no validusage.json"), log);
    for (String reduced : List.of("validusage-spirv.json", "validusage-shadermodule.json")) {
      assertTrue(!Files.exists(newSpec.resolve(reduced)), reduced + " left from the project's copy: " + log);
    }

    // diff: the added VUIDs are the new appendix's anchors the old one lacks
    Set<String> added = new TreeSet<>(anchors(newSpec));
    added.removeAll(anchors(oldSpec));
    Run diff = vkrules("diff", oldSpec.toString(), newSpec.toString(), "--format", "json");
    assertEquals(0, diff.exit(), diff.err());
    for (String vuid : added) {
      assertTrue(diff.out().contains("\"" + vuid + "\""), "diff names the added " + vuid);
    }

    // the previous release, from rules without authored checks (the project's are written for the
    // pinned grammar) but with the project's requirement overrides: every VUID extracted, the tree builds
    Path oldRules = Files.createDirectories(dir.resolve("old/rules"));
    copyTree(ROOT.resolve("rules/overrides"), oldRules.resolve("overrides"));
    Run extractOld = vkrules("extract", "--spec", oldSpec.toString(), "--out", oldRules.toString());
    assertEquals(0, extractOld.exit(), extractOld.err());
    assertTrue(extractOld.out().contains("extracted " + anchors(oldSpec).size() + " VUIDs"), extractOld.out());
    build(oldSpec, oldRules, "old");

    // the new release over the project's own rules, authored blocks and all: the tree builds
    Path newRules = dir.resolve("new/rules");
    copyTree(ROOT.resolve("rules"), newRules);
    Run extractNew = vkrules("extract", "--spec", newSpec.toString(), "--out", newRules.toString(), "--allow-shrink");
    assertEquals(0, extractNew.exit(), extractNew.err());
    assertTrue(extractNew.out().contains("extracted " + anchors(newSpec).size() + " VUIDs"), extractNew.out());
    build(newSpec, newRules, "new");
    String shaderModuleVuids;
    try (Stream<Path> walk = Files.walk(dir.resolve("new-src"))) {
      shaderModuleVuids = Files.readString(walk.filter(p -> p.getFileName().toString().equals("ShaderModuleVuids.java"))
          .findFirst().orElseThrow());
    }
    Set<String> shaderModule = shaderModuleAnchors(newSpec);
    assertTrue(!shaderModule.isEmpty(), "the imported shaders chapter has VkShaderModuleCreateInfo valid usage");
    for (String vuid : shaderModule) {
      assertTrue(shaderModuleVuids.contains("\"" + vuid + "\""), "ShaderModuleVuids names " + vuid + ", read from the AsciiDoc");
    }
  }
}
