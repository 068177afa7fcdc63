package dev.vkrules.runtime.support;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the project's spec-sources/ and rules/ from a module's working directory. */
public final class Sources {
  private Sources() {}

  public static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("spec-sources"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("no spec-sources/ above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }

  public static Path specSources() {
    return root().resolve("spec-sources");
  }

  public static Path roadmapProfile() {
    return specSources().resolve("profiles/VP_KHR_roadmap_2022.json");
  }

  public static Path testProfile(String name) {
    return root().resolve("runtime/src/test/resources/profiles").resolve(name);
  }
}
