package dev.vkrules.runtime.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the SPIRV-Tools that matches the spec pinned in {@code spec-sources/}: the release is read
 * from {@code vk.xml}, the matching SPIRV-Tools version from {@code peers/spirv-tools-releases.tsv}
 * (data, so a spec update changes which oracle matches without touching code). Looks in the
 * directory named by {@code VKRULES_SPIRV_TOOLS} (only there when it is set), else in
 * {@code ../shared/oracle/<dir>} beside the project root, then on {@code PATH}; the first whose
 * {@code spirv-val --version} names the matching version wins. When none does, the search says
 * what it found where, for a test to skip with that message.
 */
public final class OracleLocator {
  /** The environment variable naming a directory with spirv-val, spirv-as and spirv-dis. */
  public static final String ENV = "VKRULES_SPIRV_TOOLS";
  /** The data file, relative to the project root. */
  public static final String RELEASES = "peers/spirv-tools-releases.tsv";
  /** How a release's oracle is registered in {@link #RELEASES} (peers/README.md). */
  public static final String REGISTER = "register one with peers/register-oracle.sh SPIRV_TOOLS_BUILD_DIR";

  private static final String[] TOOLS = {"spirv-val", "spirv-as", "spirv-dis"};
  private static final Pattern VERSION = Pattern.compile("SPIRV-Tools (v\\S+)");
  private static final Pattern HEADER = Pattern.compile("#define\\s*<name>VK_HEADER_VERSION</name>\\s*(\\d+)");
  private static final Pattern COMPLETE = Pattern.compile("#define\\s*<name>VK_HEADER_VERSION_COMPLETE</name>"
      + "[^(\\n]*\\(\\s*\\w+\\s*,\\s*(\\d+)\\s*,\\s*(\\d+)\\s*,");
  private static final Map<Path, Search> CACHE = new java.util.concurrent.ConcurrentHashMap<>();

  private OracleLocator() {}

  /** The outcome: the oracle when a matching one was found, and one line saying what was looked at. */
  public record Search(Optional<Oracle> oracle, String message) {
    public boolean found() {
      return oracle.isPresent();
    }
  }

  /** One row of {@code peers/spirv-tools-releases.tsv}. */
  public record Release(String release, String spirvTools, String sharedDir, String vuids, String source) {}

  /** Searches once per project root with this process's environment. */
  public static Search locate(Path root) {
    return CACHE.computeIfAbsent(root.toAbsolutePath().normalize(),
        r -> locate(r, System.getenv(ENV), System.getenv("PATH")));
  }

  /** Searches with an explicit {@code VKRULES_SPIRV_TOOLS} and {@code PATH} (either may be null). */
  public static Search locate(Path root, String envDir, String path) {
    String release;
    List<Release> releases;
    try {
      release = pinnedRelease(root.resolve("spec-sources/vk.xml"));
      releases = releases(root.resolve(RELEASES));
    } catch (IOException e) {
      return new Search(Optional.empty(), "no oracle: " + e.getMessage());
    }
    Release wanted = releases.stream().filter(r -> r.release().equals(release)).findFirst().orElse(null);
    if (wanted == null) {
      return new Search(Optional.empty(), "no oracle: " + RELEASES + " names no SPIRV-Tools for spec " + release
          + ", the release pinned in spec-sources/; " + REGISTER);
    }
    Map<String, Path> candidates = new LinkedHashMap<>();
    if (envDir != null && !envDir.isBlank()) {
      candidates.put(ENV + "=" + envDir, Path.of(envDir));
    } else {
      Path shared = root.resolve("../shared/oracle").normalize();
      List<Release> order = new ArrayList<>(List.of(wanted));
      releases.stream().filter(r -> r != wanted).forEach(order::add);
      for (Release r : order) {
        if (r.sharedDir() != null) {
          candidates.put("../shared/oracle/" + r.sharedDir(), shared.resolve(r.sharedDir()));
        }
      }
      candidates.put("PATH", onPath(path));
    }
    List<String> seen = new ArrayList<>();
    for (Map.Entry<String, Path> c : candidates.entrySet()) {
      Path dir = c.getValue();
      String missing = dir == null ? "spirv-val" : missingTool(dir);
      if (missing != null) {
        seen.add(c.getKey() + ": no " + missing);
        continue;
      }
      String version = version(dir.resolve("spirv-val"));
      if (wanted.spirvTools().equals(version)) {
        Path vuids = wanted.vuids() == null ? null : root.resolve("peers").resolve(wanted.vuids());
        return new Search(Optional.of(new Oracle(dir, version, release, vuids)),
            "oracle: SPIRV-Tools " + version + " from " + c.getKey() + " (" + dir + ") matches spec " + release);
      }
      seen.add(c.getKey() + ": SPIRV-Tools " + version);
    }
    return new Search(Optional.empty(), "no oracle: spec " + release + " (spec-sources/) needs SPIRV-Tools "
        + wanted.spirvTools() + " (" + RELEASES + "; " + wanted.source() + "), found " + String.join("; ", seen)
        + "; set " + ENV + "=DIR to a directory with spirv-val, spirv-as and spirv-dis " + wanted.spirvTools());
  }

  private static String missingTool(Path dir) {
    for (String t : TOOLS) {
      if (!Files.isExecutable(dir.resolve(t))) {
        return t + " in " + dir;
      }
    }
    return null;
  }

  private static Path onPath(String path) {
    if (path == null) {
      return null;
    }
    for (String d : path.split(java.io.File.pathSeparator)) {
      if (!d.isEmpty() && Files.isExecutable(Path.of(d, "spirv-val"))) {
        return Path.of(d);
      }
    }
    return null;
  }

  /**
   * What {@code spirv-val --version} names ({@code v2025.5}), or a note why it could not tell.
   * The tool gets no input (its stdin is closed) and 30 seconds; its output goes to a file, so
   * one that never answers is given up on instead of blocking the read.
   */
  static String version(Path spirvVal) {
    Path out = null;
    try {
      out = Files.createTempFile("vkrules-version", ".txt");
      Process p = new ProcessBuilder(spirvVal.toString(), "--version").redirectErrorStream(true)
          .redirectOutput(out.toFile()).start();
      p.getOutputStream().close();
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return "(no answer to --version)";
      }
      String text = new String(Files.readAllBytes(out), StandardCharsets.UTF_8);
      Matcher m = VERSION.matcher(text);
      return m.find() ? m.group(1) : "(unknown: " + text.lines().findFirst().orElse("no output") + ")";
    } catch (IOException e) {
      return "(does not run: " + e.getMessage() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "(interrupted)";
    } finally {
      if (out != null) {
        try {
          Files.deleteIfExists(out);
        } catch (IOException e) {
          // a temporary file left behind is harmless
        }
      }
    }
  }

  /**
   * The spec release of a {@code vk.xml}: {@code 1.4.335} from {@code VK_HEADER_VERSION_COMPLETE}
   * and {@code VK_HEADER_VERSION}, skipping the Vulkan SC definitions ({@code api="vulkansc"}).
   */
  public static String pinnedRelease(Path vkXml) throws IOException {
    if (!Files.isRegularFile(vkXml)) {
      throw new IOException("no " + vkXml);
    }
    String xml = Files.readString(vkXml, StandardCharsets.UTF_8);
    String header = null;
    String complete = null;
    Matcher h = HEADER.matcher(xml);
    while (header == null && h.find()) {
      header = forVulkan(xml, h.start()) ? h.group(1) : null;
    }
    Matcher c = COMPLETE.matcher(xml);
    while (complete == null && c.find()) {
      complete = forVulkan(xml, c.start()) ? c.group(1) + "." + c.group(2) : null;
    }
    if (header == null || complete == null) {
      throw new IOException(vkXml + " defines no VK_HEADER_VERSION and VK_HEADER_VERSION_COMPLETE");
    }
    return complete + "." + header;
  }

  /** Whether the {@code <type>} element around {@code at} is not the Vulkan SC variant. */
  private static boolean forVulkan(String xml, int at) {
    int open = xml.lastIndexOf("<type ", at);
    int end = open < 0 ? -1 : xml.indexOf('>', open);
    return open < 0 || end < 0 || !xml.substring(open, end).contains("api=\"vulkansc\"");
  }

  /** Reads {@code peers/spirv-tools-releases.tsv}; {@code -} is an empty column. */
  public static List<Release> releases(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IOException("no " + file);
    }
    List<Release> out = new ArrayList<>();
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    boolean header = true;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t", -1);
      if (f.length != 5) {
        throw new IOException(file + ":" + (i + 1) + ": expected 5 tab-separated columns, found " + f.length);
      }
      if (header) {
        header = false;
        continue;
      }
      out.add(new Release(f[0], f[1], dash(f[2]), dash(f[3]), f[4]));
    }
    return out;
  }

  private static String dash(String s) {
    return s.equals("-") || s.isEmpty() ? null : s;
  }
}
