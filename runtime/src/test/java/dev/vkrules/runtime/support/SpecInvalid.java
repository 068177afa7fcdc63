package dev.vkrules.runtime.support;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code examples/spec-invalid.tsv}: corpus shaders that spirv-val accepts but that break a rule
 * of the pinned spec, reviewed, with the VUID vkrules reports on them.
 */
public final class SpecInvalid {
  private SpecInvalid() {}

  /** Shader name to the VUIDs expected on its modules. */
  public static Map<String, Set<String>> entries() throws IOException {
    Map<String, Set<String>> out = new TreeMap<>();
    for (String line : Files.readAllLines(Sources.root().resolve("examples/spec-invalid.tsv"))) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] cells = line.split("\t");
      if (cells.length != 3) {
        throw new IllegalStateException("examples/spec-invalid.tsv: expected shader, VUID, reason: " + line);
      }
      out.computeIfAbsent(cells[0], k -> new TreeSet<>()).add(cells[1]);
    }
    return out;
  }

  /** A module's shader name: its file name without ".spv" and without an "@variant". */
  public static String shader(String moduleName) {
    String base = moduleName.endsWith(".spv") ? moduleName.substring(0, moduleName.length() - 4) : moduleName;
    int at = base.indexOf('@');
    return at < 0 ? base : base.substring(0, at);
  }
}
