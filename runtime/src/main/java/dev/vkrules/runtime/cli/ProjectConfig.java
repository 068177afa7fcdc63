package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.vkrules.runtime.NearNames;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.rules.RuleCatalog;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A project's {@code vkrules.yaml}: what {@code validate} ignores, where, and for which target
 * and devices. Found upward from the inputs (the first {@value #FILE_NAME} in the input's folder
 * or a parent), or named with {@code --config}; {@code --no-config} skips it. Paths in it
 * ({@code profiles}, {@code per-path} globs) are relative to the file's folder. Every key and
 * value is checked: an unknown key, a VUID vkrules does not know, a bad target or glob is one
 * line naming {@code FILE:LINE:COLUMN}. {@code preset} and {@code fail-on} are the defaults of
 * {@code --preset} and {@code --fail-on} ({@code failOn}: the severities that fail, errors always);
 * {@code cache} is the default of {@code --cache} (a folder, relative to the file's folder).
 * See docs/validate.md, "Accepting findings".
 */
record ProjectConfig(Path file, String targetEnv, List<Path> profiles, Set<String> ignore, List<PathIgnore> perPath,
    String preset, Set<Diagnostic.Severity> failOn, Path cache) {
  static final String FILE_NAME = "vkrules.yaml";
  private static final Set<String> KEYS = Set.of("target-env", "profiles", "ignore", "per-path", "preset", "fail-on",
      "cache");
  private static final Set<String> PER_PATH_KEYS = Set.of("paths", "ignore", "reason");

  /** VUIDs ignored in the files one of {@code globs} matches (relative to the configuration's folder). */
  record PathIgnore(List<String> globs, List<PathMatcher> matchers, Set<String> vuids, String reason) {
    boolean matches(Path relative) {
      return matchers.stream().anyMatch(m -> m.matches(relative));
    }
  }

  /** The folder the configuration's relative paths start from. */
  Path base() {
    Path parent = file.toAbsolutePath().normalize().getParent();
    return parent == null ? Path.of("/") : parent;
  }

  /** Whether the finding {@code vuid} in {@code module} is ignored here (everywhere, or by a per-path entry). */
  boolean ignores(String vuid, Path module) {
    if (ignore.contains(vuid)) {
      return true;
    }
    Path abs = module.toAbsolutePath().normalize();
    if (!abs.startsWith(base())) {
      return false;
    }
    Path rel = base().relativize(abs);
    return perPath.stream().anyMatch(p -> p.vuids().contains(vuid) && p.matches(rel));
  }

  /** The nearest {@value #FILE_NAME} in {@code start} or a folder above it, or null. */
  static Path find(Path start) {
    for (Path dir = start.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(FILE_NAME);
      if (Files.isRegularFile(candidate)) {
        // shown as the user would type it: relative to the working directory when it is below it
        Path cwd = Path.of("").toAbsolutePath().normalize();
        return candidate.startsWith(cwd) ? cwd.relativize(candidate) : candidate;
      }
    }
    return null;
  }

  /** The environment variable that, set to 1, trusts every configuration found (as --trust-config). */
  static final String TRUST_VARIABLE = "VKRULES_TRUST_CONFIG";

  /**
   * Why a configuration found above the inputs is not trusted, or null when it is: like git's
   * safe.directory, one that another user owns or can write (the file or its folder owned by
   * someone else, or writable by group or others: a world-writable {@code /tmp} above the inputs)
   * could silence findings for whoever validates below it.
   */
  static String distrust(Path file) {
    String me = System.getProperty("user.name");
    for (Path p : new Path[] {file, file.toAbsolutePath().normalize().getParent()}) {
      if (p == null) {
        continue;
      }
      try {
        String owner = Files.getOwner(p).getName();
        if (!owner.equals(me)) {
          return (p == file ? "the file" : "its folder " + p) + " is owned by " + owner + ", not " + me;
        }
        Object mode = Files.getAttribute(p, "unix:mode");
        if (mode instanceof Integer m && (m & 0022) != 0) {
          return (p == file ? "the file" : "its folder " + p) + " is writable by " + ((m & 0002) != 0 ? "every user"
              : "its group");
        }
      } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
        // no owner or mode to read (a file system without them): trusted, as git does there
      }
    }
    return null;
  }

  /** Reads and checks a configuration file; any problem is a {@link ValidateCommand.Problem} with its position. */
  static ProjectConfig read(Path file) {
    String shown = file.toString();
    byte[] bytes;
    try {
      bytes = dev.vkrules.runtime.InputFiles.read(file, dev.vkrules.runtime.InputFiles.MAX_CONFIG, "a configuration");
    } catch (IOException e) {
      throw new ValidateCommand.Problem("cannot read " + shown + ": " + Io.reason(e));
    }
    return read(file, bytes);
  }

  /** Checks the configuration {@code bytes} read from {@code file} (which names it and is its paths' base). */
  static ProjectConfig read(Path file, byte[] bytes) {
    String shown = file.toString();
    Node root;
    try (JsonParser p = YAML.createParser(bytes)) {
      JsonToken first = p.nextToken();
      root = first == null ? new MapNode(new LinkedHashMap<>(), new LinkedHashMap<>(), 1, 1) : node(p, shown, 0);
      if (first != null && p.nextToken() != null) {
        JsonLocation at = p.currentTokenLocation();
        throw new ValidateCommand.Problem(shown + ":" + at.getLineNr() + ":" + at.getColumnNr()
            + ": a second YAML document; a configuration is one document (no '---' between parts)");
      }
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String where = at == null ? shown : shown + ":" + at.getLineNr() + ":" + at.getColumnNr();
      throw new ValidateCommand.Problem(where + ": not valid YAML: " + e.getOriginalMessage().lines().findFirst().orElse(""));
    } catch (IOException e) {
      throw new ValidateCommand.Problem("cannot read " + shown + ": " + Io.reason(e));
    }
    if (!(root instanceof MapNode map)) {
      throw error(shown, root, "a configuration is a mapping of " + new TreeSet<>(KEYS));
    }
    checkKeys(shown, map, KEYS, "");
    ProjectConfig partial = new ProjectConfig(file, null, List.of(), Set.of(), List.of(), null, Set.of(), null);
    String target = null;
    if (map.get("target-env") != null) {
      Node n = map.get("target-env");
      target = scalar(shown, n, "target-env");
      if (Target.parse(target) == null) {
        throw error(shown, n, "unknown target-env '" + target + "', expected one of " + Target.names());
      }
    }
    List<Path> profiles = new ArrayList<>();
    for (Node n : list(shown, map.get("profiles"), "profiles")) {
      Path p = partial.base().resolve(scalar(shown, n, "a profile"));
      if (!Files.exists(p)) {
        throw error(shown, n, "no such profile file or directory: " + p);
      }
      if (!Files.isDirectory(p) && !Files.isRegularFile(p)) {
        throw error(shown, n, "a profile is a file or a directory of them, not a special file: " + p);
      }
      profiles.add(p);
    }
    Set<String> ignore = vuids(shown, map.get("ignore"), "ignore");
    List<PathIgnore> perPath = new ArrayList<>();
    for (Node n : list(shown, map.get("per-path"), "per-path")) {
      if (!(n instanceof MapNode entry)) {
        throw error(shown, n, "a per-path entry is a mapping of paths, ignore and reason");
      }
      checkKeys(shown, entry, PER_PATH_KEYS, "per-path ");
      for (String required : List.of("paths", "ignore", "reason")) {
        if (entry.get(required) == null) {
          throw error(shown, entry, "a per-path entry needs '" + required + "'");
        }
      }
      List<String> globs = new ArrayList<>();
      List<PathMatcher> matchers = new ArrayList<>();
      for (Node g : list(shown, entry.get("paths"), "paths")) {
        String glob = scalar(shown, g, "a path glob");
        try {
          matchers.add(FileSystems.getDefault().getPathMatcher("glob:" + glob));
        } catch (IllegalArgumentException e) {
          throw error(shown, g, "bad glob '" + glob + "': " + e.getMessage().lines().findFirst().orElse(""));
        }
        globs.add(glob);
      }
      String reason = scalar(shown, entry.get("reason"), "reason");
      if (reason.isBlank()) {
        throw error(shown, entry.get("reason"), "the reason of a per-path entry must not be empty");
      }
      perPath.add(new PathIgnore(List.copyOf(globs), List.copyOf(matchers), vuids(shown, entry.get("ignore"), "ignore"),
          reason));
    }
    String preset = null;
    if (map.get("preset") != null) {
      Node n = map.get("preset");
      preset = scalar(shown, n, "preset");
      if (!RunPolicy.PRESETS.contains(preset)) {
        throw error(shown, n, "unknown preset '" + preset + "', expected one of " + RunPolicy.PRESETS);
      }
    }
    // fail-on: one level, a comma-separated list of them, or a YAML list, as --fail-on takes them
    Set<Diagnostic.Severity> failOn = new java.util.HashSet<>(RunPolicy.DEFAULT.failing());
    Node f = map.get("fail-on");
    for (Node n : f == null ? List.<Node>of() : f instanceof ListNode ? list(shown, f, "fail-on") : List.of(f)) {
      failOn.addAll(RunPolicy.failing(List.of(scalar(shown, n, "a fail-on level")), m -> error(shown, n,
          m.replace("--fail-on level", "fail-on level").replace(" (repeat the option or separate them with commas)", ""))));
    }
    // cache: the verdict cache's folder (--cache's default), relative to the configuration's folder
    Path cache = null;
    if (map.get("cache") != null) {
      Node n = map.get("cache");
      String value = scalar(shown, n, "cache");
      if (value.isBlank()) {
        throw error(shown, n, "cache names a folder; it must not be empty");
      }
      cache = partial.base().resolve(value);
      if (Files.exists(cache) && !Files.isDirectory(cache)) {
        throw error(shown, n, "cache is a folder, not a file: " + cache);
      }
    }
    return new ProjectConfig(file, target, List.copyOf(profiles), ignore, List.copyOf(perPath), preset,
        Set.copyOf(failOn), cache);
  }

  private static Set<String> vuids(String shown, Node n, String what) {
    Set<String> out = new TreeSet<>();
    for (Node item : list(shown, n, what)) {
      String vuid = scalar(shown, item, "a VUID");
      out.add(resolveVuid(vuid, message -> error(shown, item, message)));
    }
    return out;
  }

  /**
   * "unknown VUID 'X': not a VUID of the Vulkan 1.4.357 SPIR-V environment or
   * VkShaderModuleCreateInfo (vkrules coverage lists them); near: Y", with the nearest known VUIDs.
   */
  static String unknownVuid(String vuid) {
    return "unknown VUID '" + vuid + "': not a VUID of the Vulkan " + RuleCatalog.SPEC_RELEASE
        + " SPIR-V environment or VkShaderModuleCreateInfo (vkrules coverage lists them)"
        + NearNames.text(vuid, RuleCatalog.vuids());
  }

  /**
   * The VUID a name stands for: itself when known, else the one VUID of the catalog it ends
   * ({@code Flat-04744}, {@code 04744}, {@code StandaloneSpirv-Flat-04744} are
   * {@code VUID-StandaloneSpirv-Flat-04744}); a usage error naming the candidates when it ends
   * several, or the near ones when it ends none.
   */
  static String resolveVuid(String name, java.util.function.Function<String, RuntimeException> error) {
    if (RuleCatalog.known(name)) {
      return name;
    }
    String suffix = "-" + name;
    List<String> ending = RuleCatalog.vuids().stream().filter(v -> v.endsWith(suffix)).sorted().toList();
    if (ending.size() == 1) {
      return ending.get(0);
    }
    if (ending.size() > 1) {
      throw error.apply("ambiguous VUID '" + name + "': " + String.join(", ", ending));
    }
    if (name.startsWith("VUID-")) {
      throw error.apply(unknownVuid(name));
    }
    // a short form: compared with the catalog's short forms of as many parts, near ones named in full
    int parts = name.split("-", -1).length;
    Map<String, String> shortForms = new java.util.TreeMap<>();
    for (String v : RuleCatalog.vuids()) {
      String[] p = v.split("-");
      if (p.length >= parts) {
        shortForms.putIfAbsent(String.join("-", java.util.Arrays.copyOfRange(p, p.length - parts, p.length)), v);
      }
    }
    List<String> near = NearNames.near(name, shortForms.keySet()).stream().map(shortForms::get).toList();
    throw error.apply("unknown VUID '" + name + "': not a VUID of the Vulkan " + RuleCatalog.SPEC_RELEASE
        + " SPIR-V environment or VkShaderModuleCreateInfo, nor the end of one (vkrules coverage lists them)"
        + (near.isEmpty() ? "" : "; near: " + String.join(", ", near)));
  }

  private static void checkKeys(String shown, MapNode map, Set<String> allowed, String what) {
    for (Map.Entry<String, int[]> key : map.keyPositions().entrySet()) {
      if (!allowed.contains(key.getKey())) {
        throw new ValidateCommand.Problem(shown + ":" + key.getValue()[0] + ":" + key.getValue()[1] + ": unknown "
            + what + "key '" + key.getKey() + "', expected one of " + new TreeSet<>(allowed));
      }
    }
  }

  private static List<Node> list(String shown, Node n, String what) {
    if (n == null) {
      return List.of();
    }
    if (n instanceof ListNode l) {
      return l.items();
    }
    throw error(shown, n, "'" + what + "' is a list ([a, b] or one '- item' a line)");
  }

  private static String scalar(String shown, Node n, String what) {
    if (n instanceof ScalarNode s && s.text() != null) {
      return s.text();
    }
    throw error(shown, n, what + " must be text");
  }

  private static ValidateCommand.Problem error(String shown, Node n, String message) {
    return new ValidateCommand.Problem(shown + ":" + n.line() + ":" + n.column() + ": " + message);
  }

  /** A YAML value with where it starts. */
  private sealed interface Node permits ScalarNode, ListNode, MapNode {
    int line();

    int column();
  }

  private record ScalarNode(String text, int line, int column) implements Node {}

  private record ListNode(List<Node> items, int line, int column) implements Node {}

  private record MapNode(Map<String, Node> entries, Map<String, int[]> keyPositions, int line, int column)
      implements Node {
    Node get(String key) {
      return entries.get(key);
    }
  }

  /** Deeper than any configuration is written (a mapping of lists of mappings); bounds the recursion. */
  static final int MAX_DEPTH = 16;

  private static final YAMLFactory YAML = YAMLFactory.builder()
      .streamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH + 1)
          .maxNumberLength(100).maxStringLength(64 << 10).build())
      .build();

  /** Reads the value at the parser's current token (a start token or a scalar). */
  private static Node node(JsonParser p, String shown, int depth) throws IOException {
    JsonLocation at = p.currentTokenLocation();
    int line = at.getLineNr();
    int column = at.getColumnNr();
    JsonToken t = p.currentToken();
    if (depth > MAX_DEPTH) {
      throw new ValidateCommand.Problem(shown + ":" + line + ":" + column + ": nested deeper than " + MAX_DEPTH
          + " levels; a configuration is a mapping of lists and mappings");
    }
    if (t == JsonToken.START_OBJECT) {
      Map<String, Node> entries = new LinkedHashMap<>();
      Map<String, int[]> keys = new LinkedHashMap<>();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String key = p.currentName();
        JsonLocation k = p.currentTokenLocation();
        if (entries.containsKey(key)) {
          throw new ValidateCommand.Problem(shown + ":" + k.getLineNr() + ":" + k.getColumnNr() + ": key '" + key
              + "' appears twice");
        }
        keys.put(key, new int[] {k.getLineNr(), k.getColumnNr()});
        p.nextToken();
        entries.put(key, node(p, shown, depth + 1));
      }
      return new MapNode(entries, keys, line, column);
    }
    if (t == JsonToken.START_ARRAY) {
      List<Node> items = new ArrayList<>();
      while (p.nextToken() != JsonToken.END_ARRAY) {
        items.add(node(p, shown, depth + 1));
      }
      return new ListNode(items, line, column);
    }
    return new ScalarNode(t == JsonToken.VALUE_NULL ? null : p.getText(), line, column);
  }
}
