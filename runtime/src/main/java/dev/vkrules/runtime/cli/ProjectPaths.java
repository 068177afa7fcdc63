package dev.vkrules.runtime.cli;

import java.nio.file.Path;
import java.util.Set;
import picocli.CommandLine;

/**
 * Makes the commands work from any directory: a default such as {@code rules} or
 * {@code spec-sources/vk.xml} names a directory of the project, so it is resolved against the
 * project root that the {@code ./vkrules} launcher passes as the system property
 * {@value #PROPERTY}. Paths typed on the command line keep meaning what they mean in the shell.
 */
final class ProjectPaths implements CommandLine.IDefaultValueProvider {
  /** The system property holding the project root. */
  static final String PROPERTY = "vkrules.root";

  /** The project's top-level directories that command defaults name. */
  private static final Set<String> PROJECT_DIRS = Set.of("rules", "spec-sources", "peers", "generated-tests",
      "examples", "runtime", "generator");

  private final Path root;

  ProjectPaths(Path root) {
    this.root = root;
  }

  /** The root from {@value #PROPERTY}, or null when run outside the launcher (defaults stay relative). */
  static ProjectPaths fromSystemProperty() {
    String root = System.getProperty(PROPERTY);
    return new ProjectPaths(root == null || root.isBlank() ? null : Path.of(root));
  }

  @Override
  public String defaultValue(CommandLine.Model.ArgSpec arg) {
    String declared = arg.defaultValue();
    if (root == null || declared == null || declared.isEmpty() || !isPath(arg)) {
      return null;
    }
    Path p = Path.of(declared);
    if (p.isAbsolute() || !PROJECT_DIRS.contains(p.getName(0).toString())) {
      return null;
    }
    return root.resolve(p).toString();
  }

  private static boolean isPath(CommandLine.Model.ArgSpec arg) {
    Class<?> type = arg.type();
    return type == Path.class || type == java.io.File.class || type == String.class;
  }
}
