package dev.vkrules.runtime.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** Default project paths resolve against the launcher's project root; typed paths do not change. */
class ProjectPathsTest {
  @Command(name = "probe")
  static final class Probe implements Runnable {
    @Option(names = "--tables", defaultValue = "rules/tables") Path tables;
    @Option(names = "--list", defaultValue = "peers/spirv-val.vuids") String list;
    @Option(names = "--format", defaultValue = "text") String format;

    @Override
    public void run() {}
  }

  private static Probe parse(ProjectPaths paths, String... args) {
    Probe probe = new Probe();
    CommandLine cl = new CommandLine(probe);
    cl.setDefaultValueProvider(paths);
    cl.parseArgs(args);
    return probe;
  }

  @Test
  void projectDefaultsResolveAgainstTheRoot() {
    Path root = Path.of("/somewhere/vkrules");
    Probe p = parse(new ProjectPaths(root));
    assertEquals(root.resolve("rules/tables"), p.tables);
    assertEquals(root.resolve("peers/spirv-val.vuids").toString(), p.list);
    assertEquals("text", p.format);
  }

  @Test
  void typedPathsAndRunsOutsideTheLauncherStayAsGiven() {
    assertEquals(Path.of("rules/tables"), parse(new ProjectPaths(Path.of("/somewhere/vkrules")), "--tables",
        "rules/tables").tables);
    assertEquals(Path.of("rules/tables"), parse(new ProjectPaths(null)).tables);
  }
}
