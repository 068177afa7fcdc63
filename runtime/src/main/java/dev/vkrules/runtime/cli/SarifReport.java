package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.rules.RuleCatalog;
import dev.vkrules.runtime.spirv.debug.SourceLocation;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code validate --format sarif}: a SARIF 2.1.0 log that GitHub code scanning and other
 * viewers can place and explain. One rule per VUID met (its id, the spec's sentence and a
 * link into the Vulkan specification); one result per finding, placed on the whole
 * offending instruction: its bytes in the module, and its line in {@code vkrules dis} output.
 */
final class SarifReport {
  /** The OASIS schema of SARIF 2.1.0 (the same file is in the tools module's test resources). */
  static final String SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json";

  /**
   * Where the Vulkan specification anchors each VUID: the registry's build with all extensions
   * of the pinned release's minor version (registry.khronos.org keeps the newest patch release of
   * each minor version; the pinned release's own text is each rule's fullDescription).
   */
  static final String SPEC_URI = "https://registry.khronos.org/vulkan/specs/"
      + RuleCatalog.SPEC_RELEASE.replaceFirst("^(\\d+\\.\\d+).*", "$1") + "-extensions/html/vkspec.html";

  /** The base every result's file is relative to (SARIF 3.14.14): the inputs' root. */
  static final String SRCROOT = "%SRCROOT%";

  /** The appendix the rules come from: what the tool checks. */
  static final String INFORMATION_URI = SPEC_URI + "#spirvenv";

  /** The rule id of findings that are not a VUID: the module is not valid SPIR-V at all. */
  static final String MALFORMED = "malformed";

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private SarifReport() {}

  static ObjectNode log(List<ValidateCommand.FileResult> results, boolean verbose) {
    return log(results, verbose, null, Reports.Shown.ALL);
  }

  /**
   * The log of a run: one result per finding {@code shown} lists (errors, warnings and what fails the
   * run; undecided findings only with --show-undecided, as a code-scanning alert for each would
   * bury the errors).
   */
  static ObjectNode log(List<ValidateCommand.FileResult> results, boolean verbose, ValidateCommand.Filters filters,
      Reports.Shown shown) {
    RunPolicy policy = filters == null ? RunPolicy.DEFAULT : filters.policy();
    java.util.function.Predicate<Diagnostic> listed = d -> shown.listed(d, policy);
    Path base = base(results, filters);
    ObjectNode root = F.objectNode();
    root.put("$schema", SCHEMA);
    root.put("version", "2.1.0");
    ObjectNode run = root.putArray("runs").addObject();
    ObjectNode driver = run.putObject("tool").putObject("driver");
    driver.put("name", "vkrules");
    driver.put("version", Version.get());
    driver.put("semanticVersion", Version.get());
    driver.put("informationUri", INFORMATION_URI);
    driver.putObject("properties").put("vulkanSpecRelease", RuleCatalog.SPEC_RELEASE);
    Map<String, Diagnostic> rules = new TreeMap<>();
    Baseline baseline = filters == null ? null : filters.baseline();
    results.forEach(r -> r.diagnostics().stream().filter(listed).forEach(d -> rules.putIfAbsent(ruleId(d), d)));
    results.forEach(r -> r.baselined().stream().filter(listed).forEach(d -> rules.putIfAbsent(ruleId(d), d)));
    List<Baseline.Key> absent = baseline == null ? List.of() : baseline.absent();
    for (Baseline.Key k : absent) {
      rules.putIfAbsent(k.vuid(), new Diagnostic(k.vuid(), "", k.instruction(), -1, ""));
    }
    ArrayNode ruleArray = driver.putArray("rules");
    List<String> ids = List.copyOf(rules.keySet());
    rules.forEach((id, d) -> ruleArray.add(rule(id, d, policy)));
    run.putObject("originalUriBaseIds").putObject(SRCROOT).put("uri", directoryUri(base));
    // every module the run read, clean ones too (SARIF 3.14.15): what was analysed, not only what was found
    ArrayNode artifacts = run.putArray("artifacts");
    java.util.Set<String> listedFiles = new java.util.HashSet<>();
    for (ValidateCommand.FileResult r : results) {
      if (listedFiles.add(r.name())) {
        ObjectNode a = artifacts.addObject();
        a.set("location", artifact(base, r.name()));
        a.putArray("roles").add("analysisTarget");
      }
    }
    ArrayNode invocations = run.putArray("invocations");
    ObjectNode invocation = invocations.addObject();
    invocation.put("executionSuccessful", results.stream().noneMatch(ValidateCommand.FileResult::toolError));
    ArrayNode notifications = F.arrayNode();
    ArrayNode out = run.putArray("results");
    SourceFiles sources = new SourceFiles();
    for (ValidateCommand.FileResult r : results) {
      InstructionIndex index = InstructionIndex.of(r.module());
      for (Diagnostic d : r.diagnostics()) {
        if (!listed.test(d)) {
          continue;
        }
        out.add(usedBy(result(base, r.name(), index, d, ids.indexOf(ruleId(d)), verbose, baseline == null ? null : "new",
            policy, sources), r));
        if (r.malformed() || d.isInternalError()) {
          notifications.add(notification(base, r.name(), d));
        }
      }
      for (Diagnostic d : r.baselined()) {
        if (listed.test(d)) {
          out.add(usedBy(result(base, r.name(), index, d, ids.indexOf(ruleId(d)), verbose, "unchanged", policy, sources), r));
        }
      }
    }
    for (Baseline.Key k : absent) {
      out.add(absentResult(base, baseline, k, ids.indexOf(k.vuid())));
    }
    if (!notifications.isEmpty()) {
      invocation.set("toolExecutionNotifications", notifications);
    }
    return root;
  }

  /** A result of a verdict several pipeline stages share names them ({@code properties.usedBy}). */
  private static ObjectNode usedBy(ObjectNode result, ValidateCommand.FileResult r) {
    if (!r.usedBy().isEmpty()) {
      ObjectNode props = result.get("properties") instanceof ObjectNode p ? p : result.putObject("properties");
      r.usedBy().forEach(props.putArray("usedBy")::add);
    }
    return result;
  }

  private static String ruleId(Diagnostic d) {
    return !d.vuid().isEmpty() ? d.vuid() : d.isInternalError() ? INTERNAL_ERROR : MALFORMED;
  }

  /** The rule id of vkrules' own failure on a module. */
  static final String INTERNAL_ERROR = "internal-error";

  /**
   * The root the results' paths are relative to: the working directory when it holds every
   * input (a repository checkout in CI), else the deepest folder that holds them all.
   */
  static Path base(List<ValidateCommand.FileResult> results, ValidateCommand.Filters filters) {
    Path cwd = Path.of("").toAbsolutePath().normalize();
    List<Path> files = new java.util.ArrayList<>();
    results.stream().filter(r -> !r.name().equals("-")).forEach(r -> files.add(absolute(r.name())));
    for (ValidateCommand.FileResult r : results) {
      for (Diagnostic d : r.diagnostics()) {
        Path p = d.location() == null ? null : SourceFiles.find(r.name(), d.location().file());
        if (p != null) {
          files.add(p);
        }
      }
    }
    if (filters != null && filters.baseline() != null) {
      filters.baseline().absent().stream().filter(k -> !k.file().equals("-"))
          .forEach(k -> files.add(filters.baseline().folder().resolve(k.file()).normalize()));
    }
    if (files.stream().allMatch(f -> f.startsWith(cwd))) {
      return cwd;
    }
    Path common = files.get(0).getParent();
    for (Path f : files) {
      while (common != null && !f.startsWith(common)) {
        common = common.getParent();
      }
    }
    return common == null ? cwd.getRoot() : common;
  }

  private static Path absolute(String name) {
    return Names.path(name).toAbsolutePath().normalize();
  }

  /** An absolute {@code file:} URI of a folder, ending in '/' (SARIF 3.14.14). */
  static String directoryUri(Path dir) {
    String uri = dir.toUri().toASCIIString();
    return uri.endsWith("/") ? uri : uri + "/";
  }

  private static ObjectNode artifact(Path base, String file) {
    ObjectNode a = F.objectNode();
    if (file.equals("-")) {
      // standard input has no path: a relative reference that names it, with no base to join
      a.put("uri", "stdin");
      return a;
    }
    Path rel = base.relativize(absolute(file));
    a.put("uri", uriReference(Names.of(rel)));
    a.put("uriBaseId", SRCROOT);
    return a;
  }

  /** A malformed module or vkrules' failure on one, as the tool's notification. */
  private static ObjectNode notification(Path base, String file, Diagnostic d) {
    ObjectNode n = F.objectNode();
    n.put("level", "error");
    n.putObject("message").put("text", file + ": " + d.headline());
    n.putObject("descriptor").put("id", ruleId(d));
    n.putArray("locations").addObject().putObject("physicalLocation").set("artifactLocation", artifact(base, file));
    return n;
  }

  /** An accepted finding of the baseline that no module raised this time. */
  private static ObjectNode absentResult(Path base, Baseline baseline, Baseline.Key k, int ruleIndex) {
    ObjectNode res = F.objectNode();
    res.put("ruleId", k.vuid());
    res.put("ruleIndex", ruleIndex);
    res.put("level", "none");
    res.put("baselineState", "absent");
    res.putObject("message").put("text", "[" + k.vuid() + "] The baseline's finding is no longer found"
        + (k.instruction().isEmpty() ? "." : ": " + k.instruction()));
    String file = k.file().equals("-") ? "-" : baseline.folder().resolve(k.file()).normalize().toString();
    ObjectNode loc = res.putArray("locations").addObject().putObject("physicalLocation");
    loc.set("artifactLocation", artifact(base, file));
    // where it was is unknown now: the module as a whole, the disassembly's header line
    loc.putObject("region").put("startLine", 1);
    return res;
  }

  private static ObjectNode rule(String id, Diagnostic d, RunPolicy policy) {
    ObjectNode rule = F.objectNode();
    rule.put("id", id);
    if (id.equals(MALFORMED)) {
      rule.put("name", "MalformedModule");
      rule.putObject("shortDescription").put("text", "The module is not a valid SPIR-V binary.");
      rule.putObject("fullDescription").put("text",
          "The module could not be parsed as SPIR-V (header, word counts or operands), so no rule was run.");
      return rule;
    }
    if (id.equals(INTERNAL_ERROR)) {
      rule.put("name", "InternalError");
      rule.putObject("shortDescription").put("text", "vkrules failed while checking the module.");
      rule.putObject("fullDescription").put("text",
          "vkrules itself failed while checking the module (a bug or an unreadable file), so it has no verdict.");
      return rule;
    }
    String spec = d.specText().isBlank() ? d.message() : d.specText().strip();
    if (spec.isBlank()) {
      spec = id;
    }
    String name = RuleCatalog.name(id);
    if (name != null) {
      rule.put("name", name);
    }
    rule.putObject("shortDescription").put("text", firstSentence(spec));
    rule.putObject("fullDescription").put("text", spec);
    rule.put("helpUri", SPEC_URI + "#" + id);
    String review = RuleCatalog.compilersEmit(id);
    List<String> references = RuleCatalog.compilersEmitReferences(id);
    rule.putObject("help").put("text", spec + "\n\n" + SPEC_URI + "#" + id
        + (review == null ? "" : "\n\n" + Reports.REVIEWED + review + "\n" + String.join("\n", references)));
    rule.putObject("defaultConfiguration").put("level", level(d, policy));
    return rule;
  }

  /** The key of a result's fingerprint (SARIF 3.27.17): stable when lines move, see {@link #fingerprint}. */
  static final String FINGERPRINT = "vkrulesFinding/v1";

  /**
   * What identifies a finding across edits that move it: its rule, its file (the source file when
   * located, else the module), the text of its source line with blanks collapsed (or, without
   * one, the instruction as disassembled without its result id) and the object it names; never
   * a line number or word offset. SHA-256, hex.
   */
  static String fingerprint(String ruleId, Path base, String module, SourceLocation at, Diagnostic d) {
    StringBuilder key = new StringBuilder(ruleId).append('\0');
    if (at != null) {
      key.append(relative(base, module, at.file())).append('\0');
      key.append(at.lineText() == null ? "line " + at.line() : at.lineText().strip().replaceAll("\\s+", " "));
    } else {
      key.append(module.equals("-") ? "-" : base.relativize(absolute(module)).toString().replace('\\', '/'))
          .append('\0').append(d.instruction().replaceFirst("^%\\S+ = ", ""));
    }
    key.append('\0').append(d.source().subject() == null ? "" : d.source().subject().toString());
    try {
      byte[] h = java.security.MessageDigest.getInstance("SHA-256")
          .digest(key.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return java.util.HexFormat.of().formatHex(h);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** SARIF's logical location kind for a subject kind (3.33.7). */
  private static String logicalKind(String kind) {
    return switch (kind) {
      case "function", "entry point" -> "function";
      case "member" -> "member";
      case "type" -> "type";
      default -> "variable";
    };
  }

  /** A source file's path as results give it: found on disk, relative to the base; else as recorded. */
  private static String relative(Path base, String module, String file) {
    Path p = SourceFiles.find(module, file);
    return p == null ? file.replace('\\', '/') : base.relativize(p).toString().replace('\\', '/');
  }

  /** The artifact of a source file: found on disk, relative to the base; else the recorded name (relative to it too). */
  private static ObjectNode sourceArtifact(Path base, String module, String file) {
    Path p = SourceFiles.find(module, file);
    ObjectNode a = F.objectNode();
    if (p != null) {
      a.put("uri", uriReference(base.relativize(p).toString()));
      a.put("uriBaseId", SRCROOT);
    } else if (Path.of(file).isAbsolute()) {
      a.put("uri", Path.of(file).toUri().toASCIIString());
    } else {
      a.put("uri", uriReference(file));
      a.put("uriBaseId", SRCROOT);
    }
    return a;
  }

  /**
   * {@code error} for what fails the run (an error, vkrules' failure, what --fail-on names),
   * {@code warning} for the preset's warnings, {@code note} for undecided findings: SARIF has no
   * "undecided" level, and "note" keeps them visible without failing a gate.
   */
  static String level(Diagnostic d, RunPolicy policy) {
    return d.isError() || d.isInternalError() || policy.fails(d) ? "error"
        : d.severity() == Diagnostic.Severity.WARNING ? "warning" : "note";
  }

  private static ObjectNode result(Path base, String file, InstructionIndex index, Diagnostic d, int ruleIndex,
      boolean verbose, String baselineState, RunPolicy policy, SourceFiles sources) {
    ObjectNode res = F.objectNode();
    res.put("ruleId", ruleId(d));
    res.put("ruleIndex", ruleIndex);
    res.put("level", level(d, policy));
    if (baselineState != null) {
      res.put("baselineState", baselineState);
    }
    String review = Reports.reviewed(d);
    if (!d.isError() || review != null) {
      ObjectNode props = res.putObject("properties");
      if (!d.isError()) {
        props.put("severity", Reports.severity(d));
      }
      if (review != null) {
        props.put("reviewed", review);
        Reports.references(d).forEach(props.putArray("references")::add);
      }
    }
    String text = d.headline() + (d.instruction().isEmpty() ? "" : " " + d.instruction())
        + (review == null ? "" : "\n" + Reports.REVIEWED + review + "\n" + Reports.REFERENCES
            + String.join(" ", Reports.references(d)))
        + (verbose && !d.specText().isEmpty() ? "\n" + d.specText() : "");
    res.putObject("message").put("text", text);
    ArrayNode locations = res.putArray("locations");
    SourceLocation at = d.location() == null ? null : sources.withText(file, d.location(), d.source().subject());
    ObjectNode loc;
    if (at != null) {
      // the source line is the primary location (code scanning annotates it); the module is related
      ObjectNode src = locations.addObject().putObject("physicalLocation");
      src.set("artifactLocation", sourceArtifact(base, file, at.file()));
      ObjectNode region = src.putObject("region");
      region.put("startLine", at.line());
      if (at.column() > 0) {
        region.put("startColumn", at.column());
      }
      if (at.lineText() != null) {
        region.putObject("snippet").put("text", at.lineText());
      }
      ObjectNode related = res.putArray("relatedLocations").addObject();
      related.put("id", 1);
      related.putObject("message").put("text", "the SPIR-V instruction" + (d.instruction().isEmpty() ? ""
          : ": " + d.instruction()));
      loc = related.putObject("physicalLocation");
    } else {
      loc = locations.addObject().putObject("physicalLocation");
    }
    if (d.source().subject() != null) {
      ((ObjectNode) locations.get(0)).putArray("logicalLocations").addObject().put("name", d.source().subject().name())
          .put("kind", logicalKind(d.source().subject().kind()));
    }
    res.putObject("partialFingerprints").put(FINGERPRINT, fingerprint(ruleId(d), base, file, at, d));
    loc.set("artifactLocation", artifact(base, file));
    InstructionIndex.Place place = d.wordOffset() >= 0 ? index.at(d.wordOffset()) : null;
    ObjectNode region = loc.putObject("region");
    if (place != null) {
      region.put("startLine", place.disLine());
      region.put("byteOffset", place.byteOffset());
      region.put("byteLength", place.byteLength());
    } else {
      // A finding about the module as a whole (or where the stream breaks off): the first
      // line of the disassembly, the "; SPIR-V" header, and the word it names if any.
      region.put("startLine", 1);
      if (d.wordOffset() >= 0) {
        region.put("byteOffset", d.wordOffset() * 4L);
        region.put("byteLength", 4);
      }
    }
    return res;
  }

  /** The spec text up to its first full stop that ends a sentence. */
  static String firstSentence(String text) {
    String oneLine = text.replaceAll("\\s+", " ").strip();
    int end = oneLine.indexOf(". ");
    return end < 0 ? oneLine : oneLine.substring(0, end + 1);
  }

  /**
   * A file name as a relative (or absolute-path) URI reference: '/' separators, and every
   * character a URI path may not hold (space, '#', '?', '%', non-ASCII) percent-encoded.
   */
  static String uriReference(String file) {
    String path = file.replace('\\', '/');
    // "c:x.spv" would read as a URI with scheme "c"; "./" keeps it a relative path.
    int colon = path.indexOf(':');
    if (colon >= 0 && (path.indexOf('/') < 0 || colon < path.indexOf('/'))) {
      path = "./" + path;
    }
    if (Names.escaped(path)) {
      // bytes that are not UTF-8 (Names): each percent-encoded as the byte it is
      return Names.uriPath(path);
    }
    try {
      return new URI(null, null, path, null).toASCIIString();
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("cannot write " + file + " as a URI: " + e.getMessage(), e);
    }
  }
}
