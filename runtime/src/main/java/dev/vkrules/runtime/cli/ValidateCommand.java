package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.ModuleTimeLimit;
import dev.vkrules.runtime.engine.Report;
import dev.vkrules.runtime.engine.StartupTrace;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.engine.pipeline.PipelineValidator;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.PipelineDescription;
import dev.vkrules.runtime.pipeline.PipelineException;
import dev.vkrules.runtime.pipeline.PipelineReader;
import dev.vkrules.runtime.pipeline.Specialization;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.ProfileException;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.requirements.RequirementCheck;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code vkrules validate}: runs the generated checkers over SPIR-V binaries. */
@Command(name = "validate", mixinStandardHelpOptions = true,
    description = {"Validates SPIR-V modules against the Vulkan environment rules.",
        "Exit 0 when every module is clean, 1 when any rule fails or a module is malformed, 2 for usage errors"
            + " and when a module could not be checked (unreadable, over --module-time-limit, a vkrules error)."})
public final class ValidateCommand implements Callable<Integer> {
  // Every default is a constant that the field starts with and picocli's annotation names, so
  // the command line's fast path (FastValidate), which fills these fields without picocli, has
  // the same defaults; FastValidateTest checks that both parse the same argument lists alike.
  static final String DEFAULT_TARGET_ENV = "vulkan1.4";
  static final String DEFAULT_FORMAT = "text";
  static final String DEFAULT_MAX_FINDINGS = "20";
  static final String DEFAULT_MODULE_TIME_LIMIT = "60";

  // no picocli default: the configuration file's target-env applies when the option is absent
  @Option(names = "--target-env", paramLabel = "ENV",
      description = "vulkan1.0 .. vulkan1.4 (default: the configuration's target-env, else " + DEFAULT_TARGET_ENV + ")")
  String targetEnv;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = DEFAULT_FORMAT,
      description = "text, json or sarif (default: ${DEFAULT-VALUE})")
  String format = DEFAULT_FORMAT;

  @Option(names = "--verbose", description = "also print the spec's text of each rule, and every undecided finding"
      + " in full (as --show-undecided)")
  boolean verbose;

  @Option(names = "--show-undecided", description = {"print each finding that needs device information, a pipeline"
      + " description or the run time in full, and make each a SARIF result; by default the text report names them"
      + " in one line per module and SARIF leaves them out (JSON always has them)"})
  boolean showUndecided;

  @Option(names = {"-q", "--quiet"}, description = "print only the errors and the summary line (no warnings, no"
      + " undecided findings); SARIF: errors only")
  boolean quiet;

  @Option(names = "--preset", paramLabel = "NAME",
      description = {RunPolicy.COMPILER_COMPATIBILITY + " (default, or the configuration's preset): findings of the"
          + " rules the project reviewed as right by the spec's words though every common compiler emits them"
          + " are warnings, with the review and its references; " + RunPolicy.NONE + ": they are errors"})
  String preset;

  @Option(names = "--profile", paramLabel = "FILE|DIR",
      description = {"a Vulkan Profiles JSON file (e.g. from vulkaninfo --json): the device's features, properties"
          + " and extensions; without it, device-dependent requirements are reported as needing device information.",
          "Repeat it, or name a directory of profiles, for the portability matrix (every module on every device)."})
  List<Path> profileFiles = new ArrayList<>();

  @Option(names = "--matrix", paramLabel = "FORMAT",
      description = "write the portability matrix (module x device: clean, fails, needs information) as text, json,"
          + " md, html or csv; the default output with more than one device is the text matrix")
  String matrix;

  @Option(names = "--requirements", paramLabel = "FORMAT",
      description = "instead of findings, list what the modules need beyond the target version (extensions, features,"
          + " properties, limits; modules per need) and, with --profile, on how many devices each need holds, which"
          + " devices lack it, which would be gained without the modules that need it, and which devices run every"
          + " module, as text, json, md or html (like --matrix)")
  String requirements;

  @Option(names = "--list-modules", description = "with --requirements: name the modules of each need")
  boolean listModules;

  @Option(names = "--profile-name", paramLabel = "NAME", description = "the profile to use when FILE holds several")
  String profileName;

  @Option(names = "--max-findings-per-rule", paramLabel = "N", defaultValue = DEFAULT_MAX_FINDINGS,
      description = "list at most N findings per VUID per module and count the rest (default: ${DEFAULT-VALUE})")
  int maxFindingsPerRule = Integer.parseInt(DEFAULT_MAX_FINDINGS);

  @Option(names = "--all-findings", description = "list every finding (no --max-findings-per-rule limit)")
  boolean allFindings;

  @Option(names = "--allow-empty", description = "a directory without .spv files is not an error")
  boolean allowEmpty;

  // no picocli default and no split: the configuration's fail-on applies when the option is absent,
  // and the command splits the values at commas itself, as the fast path reads them
  @Option(names = "--fail-on", paramLabel = "LEVEL[,LEVEL...]",
      description = {"what fails the run (exit 1) besides errors, repeatable or comma-separated: warning,"
          + " needs-device-information, needs-pipeline-description, run-time (default: the configuration's"
          + " fail-on, else error only)"})
  List<String> failOn = new ArrayList<>();

  @Option(names = "--files-from", paramLabel = "LIST",
      description = "also validate the files and directories named in LIST (- for standard input), one a line,"
          + " or NUL-separated with -0: many modules, one process (e.g. find ... -print0 | vkrules validate -0 --files-from -)")
  String filesFrom;

  @Option(names = {"-0", "--null"}, description = "--files-from names are separated by NUL characters, not lines (as xargs -0)")
  boolean nullSeparated;

  @Option(names = "--pipeline", paramLabel = "FILE.json",
      description = {"a pipeline description: Vulkan create-info structures with vk.xml's member and enumerant names"
          + " (docs/schemas/pipeline.schema.json), or a Fossilize capture: an archive (.foz) or one JSON document. Each"
          + " stage's module is validated with"
          + " the stage's specialization constants, and rules that read pipeline state decide with it.",
          "Repeatable; FILE arguments may then be left out."})
  List<Path> pipelineFiles = new ArrayList<>();

  @Option(names = "--spec-constant", paramLabel = "ID=VALUE",
      description = "the value of the specialization constant with SpecId ID (an integer, true, false or a decimal"
          + " number) for the modules given as FILE; repeatable")
  List<String> specConstants = new ArrayList<>();

  @Option(names = "--ignore", paramLabel = "VUID",
      description = "do not report findings of this VUID (repeatable; they are counted as ignored)")
  List<String> ignore = new ArrayList<>();

  @Option(names = "--config", paramLabel = "FILE",
      description = "the project configuration to use (default: the first " + ProjectConfig.FILE_NAME
          + " in the inputs' folder or a folder above it)")
  Path configFile;

  @Option(names = "--no-config", description = "use no configuration file")
  boolean noConfig;

  @Option(names = "--trust-config", description = "apply a " + ProjectConfig.FILE_NAME + " found above the inputs even"
      + " when another user owns it or can write it or its folder (also " + ProjectConfig.TRUST_VARIABLE + "=1)")
  boolean trustConfig;

  @Option(names = "--baseline", paramLabel = "FILE",
      description = "accepted findings (from --write-baseline): they are reported as baselined and only new"
          + " findings fail")
  Path baselineFile;

  @Option(names = "--write-baseline", paramLabel = "FILE",
      description = "write every finding of this run to FILE as the accepted baseline, then exit 0 unless a module"
          + " is malformed or could not be checked")
  Path writeBaseline;

  @Option(names = "--module-time-limit", paramLabel = "SECONDS", defaultValue = DEFAULT_MODULE_TIME_LIMIT,
      description = {"the time one module may take (default: ${DEFAULT-VALUE}; 0: no limit). A module over it is"
          + " reported as not validated (exit 2) and the others still get their verdicts."})
  String moduleTimeLimit = DEFAULT_MODULE_TIME_LIMIT;

  @Option(names = "--cache", paramLabel = "DIR",
      description = {"keep verdicts in DIR and reuse them: a module (or pipeline) validated before by this build, for"
          + " the same target, device and options, is answered from DIR without being parsed or checked again"
          + " (default: the configuration's cache). DIR is never pruned; docs/validate.md, \"Verdict cache\"."})
  Path cacheDir;

  @Parameters(paramLabel = "FILE", arity = "0..*",
      description = "SPIR-V binaries, Fossilize archives (.foz: their pipelines, as --pipeline), directories (every .spv"
          + " and .foz inside, in parallel) or - for standard input")
  List<String> files = new ArrayList<>();

  /** Set by picocli when it runs the command; null on the fast path (FastValidate). */
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** The streams of the fast path (picocli's come from {@link #spec}). */
  private PrintWriter fastOut;
  private PrintWriter fastErr;

  /** The inputs of this run: the FILE parameters, then the names read from --files-from. */
  private List<String> inputs = List.of();

  /** The engine for a target: the generated checkers, or others in tests. */
  private final Function<Target, Engine> engines;

  public ValidateCommand() {
    this(Validator::engine);
  }

  ValidateCommand(Function<Target, Engine> engines) {
    this.engines = engines;
  }

  /**
   * One module's findings; {@code module} is its bytes, for reports that place findings (SARIF).
   * {@code usedBy} names the pipeline stages whose module-level verdict this is, when several
   * share it (empty otherwise: the name says where the module is).
   */
  record FileResult(String name, List<Diagnostic> diagnostics, boolean malformed, byte[] module,
      List<Diagnostic> baselined, int ignored, List<String> usedBy) {
    FileResult {
      usedBy = List.copyOf(usedBy);
    }

    FileResult(String name, List<Diagnostic> diagnostics, boolean malformed, byte[] module) {
      this(name, diagnostics, malformed, module, List.of(), 0);
    }

    FileResult(String name, List<Diagnostic> diagnostics, boolean malformed, byte[] module,
        List<Diagnostic> baselined, int ignored) {
      this(name, diagnostics, malformed, module, baselined, ignored, List.of());
    }

    /** vkrules could not check this module (an internal error or an unreadable file). */
    boolean toolError() {
      return diagnostics.stream().anyMatch(Diagnostic::isInternalError);
    }

    /** The module was not validated: it used up its --module-time-limit. */
    boolean overBudget() {
      return diagnostics.size() == 1 && diagnostics.get(0).isInternalError()
          && diagnostics.get(0).message().startsWith(OVER_BUDGET);
    }
  }

  /** Runs the command without picocli, on the given streams (the fast path). */
  Integer call(PrintWriter out, PrintWriter err) {
    fastOut = out;
    fastErr = err;
    return call();
  }

  private PrintWriter out() {
    return spec == null ? fastOut : PicocliStreams.out(spec);
  }

  private PrintWriter err() {
    return spec == null ? fastErr : PicocliStreams.err(spec);
  }

  /** A usage error: picocli's ParameterException under picocli, {@link UsageError} on the fast path. */
  private RuntimeException usage(String message) {
    return spec == null ? new UsageError(message) : PicocliStreams.usage(spec, message);
  }

  /**
   * What this run applies to findings: the configuration's and --ignore's VUIDs, the baseline, and
   * the policy (the preset's warnings, what fails).
   */
  record Filters(ProjectConfig config, java.util.Set<String> ignore, Baseline baseline, RunPolicy policy) {
    Filters(ProjectConfig config, java.util.Set<String> ignore, Baseline baseline) {
      this(config, ignore, baseline, RunPolicy.DEFAULT);
    }

    boolean any() {
      return config != null || !ignore.isEmpty() || baseline != null;
    }
  }

  /** This run's policy: --preset and --fail-on, else the configuration's, else the defaults. */
  private RunPolicy policy(ProjectConfig config) {
    String name = preset != null ? preset : config != null && config.preset() != null ? config.preset()
        : RunPolicy.COMPILER_COMPATIBILITY;
    if (!RunPolicy.PRESETS.contains(name)) {
      throw usage(Choices.invalid("--preset", name, RunPolicy.PRESETS));
    }
    java.util.Set<Diagnostic.Severity> failing = !failOn.isEmpty() || config == null
        ? RunPolicy.failing(failOn, this::usage) : config.failOn();
    return new RunPolicy(name.equals(RunPolicy.COMPILER_COMPATIBILITY), failing);
  }

  @Override
  public Integer call() {
    StartupTrace.mark("command line");
    if (nullSeparated && filesFrom == null) {
      throw usage("-0 is for --files-from");
    }
    List<String> files = new ArrayList<>(this.files);
    if (filesFrom != null) {
      if (filesFrom.equals("-") && files.contains("-")) {
        throw usage("standard input cannot be both a module (-) and the --files-from list");
      }
      files.addAll(FilesFrom.read(filesFrom, nullSeparated, note -> err().println("vkrules: " + note)));
    }
    // the configuration is looked up for every input, named as an argument or in the list alike
    this.inputs = files;
    ProjectConfig config = config();
    if (targetEnv == null) {
      targetEnv = config != null && config.targetEnv() != null ? config.targetEnv() : DEFAULT_TARGET_ENV;
    }
    if (profileFiles.isEmpty() && config != null) {
      profileFiles = new ArrayList<>(config.profiles());
    }
    java.util.Set<String> ignored = new java.util.TreeSet<>();
    for (String v : ignore) {
      ignored.add(ProjectConfig.resolveVuid(v, message -> usage("--ignore: " + message)));
    }
    if (baselineFile != null && writeBaseline != null) {
      throw usage("--baseline and --write-baseline exclude each other");
    }
    Target target = Target.parse(targetEnv);
    if (target == null) {
      throw usage(
          "unknown target environment '" + targetEnv + "', expected one of " + Target.names());
    }
    if (!List.of("text", "json", "sarif").contains(format)) {
      throw usage(Choices.invalid("--format", format, List.of("text", "json", "sarif")));
    }
    RunPolicy policy = policy(config);
    if (quiet && (showUndecided || verbose)) {
      throw usage("--quiet excludes " + (verbose ? "--verbose" : "--show-undecided"));
    }
    if (maxFindingsPerRule < 1) {
      throw usage(
          "--max-findings-per-rule must be at least 1, got " + maxFindingsPerRule);
    }
    int maxPerRule = allFindings ? Report.UNLIMITED : maxFindingsPerRule;
    if (files.isEmpty() && pipelineFiles.isEmpty()) {
      throw usage(filesFrom == null ? "no input: give FILE, DIR, -, --files-from LIST or --pipeline FILE.json"
          : "no file names in " + Io.label(filesFrom) + " (--files-from)");
    }
    Specialization specialization = SpecConstantOption.parse(specConstants, this::usage);
    if (!specialization.isEmpty() && files.isEmpty()) {
      throw usage("--spec-constant is for modules given as FILE; a pipeline description gives each stage its own values");
    }
    List<PipelineDescription> pipelines = new ArrayList<>();
    for (Path p : pipelineFiles) {
      try {
        pipelines.add(PipelineReader.read(p));
      } catch (PipelineException e) {
        // like a bad --profile: the run cannot start (exit 2, one line), as a linter treats its configuration
        throw new Problem(e.getMessage());
      }
    }
    budgetNanos = timeLimitNanos(moduleTimeLimit);
    // Every named input must exist before any work starts: a typo is a usage error, not a verdict.
    for (String f : files) {
      if (!f.equals("-") && !Files.exists(Names.path(f))) {
        throw new Problem("no such file or directory: " + Text.escape(f));
      }
    }
    Engine engine = engines.apply(target);
    StartupTrace.mark("rules: engine for the target");
    List<Path> profilePaths = DeviceFiles.expand(profileFiles);
    if ((quiet || showUndecided) && (requirements != null || matrix != null || profilePaths.size() > 1)) {
      throw usage((quiet ? "--quiet" : "--show-undecided") + " is for the per-module report, not "
          + (requirements != null ? "--requirements" : "the matrix"));
    }
    if (requirements != null) {
      return requirementsRun(target, engine, profilePaths, maxPerRule);
    }
    if (listModules) {
      throw usage("--list-modules needs --requirements");
    }
    if (matrix != null || profilePaths.size() > 1) {
      if (baselineFile != null || writeBaseline != null) {
        throw usage("--baseline and --write-baseline are for the per-module report, not the matrix");
      }
      return matrixRun(target, engine, profilePaths, maxPerRule, pipelines, specialization, ignored, config, policy);
    }
    Baseline baseline = baselineFile == null ? null : Baseline.read(baselineFile);
    RequirementCheck requirements = Validator.requirements(target, profile(profilePaths));
    StartupTrace.mark("requirement tables and profile");
    Verdicts verdicts = new Verdicts(cache(config, engine, profilePaths, maxPerRule));
    List<FileResult> results = new ArrayList<>();
    boolean directory = !pipelines.isEmpty();
    // each description once, however often it is named; each module once across them (PipelineStages)
    PipelineStages stages = new PipelineStages(engine, requirements, maxPerRule, budgetNanos, verdicts);
    java.util.Set<Path> described = new java.util.HashSet<>();
    List<FileResult> unread = new ArrayList<>();
    for (int k = 0; k < pipelines.size(); k++) {
      Path file = pipelineFiles.get(k);
      if (!described.add(file.toAbsolutePath().normalize())) {
        continue;
      }
      unread.addAll(described(pipelines.get(k), file, stages));
    }
    results.addAll(stages.results());
    results.addAll(unread);
    // a file named twice (as an argument, or also inside a directory named) is reported once
    java.util.Set<Path> named = new java.util.HashSet<>();
    for (String f : files) {
      if (f.equals("-")) {
        results.add(one("-", this::readStdin, engine, requirements, maxPerRule, specialization, budgetNanos, verdicts));
        continue;
      }
      Path p = Names.path(f);
      if (Files.isDirectory(p)) {
        directory = true;
        List<FileResult> found = directory(p, engine, requirements, maxPerRule, specialization, verdicts);
        if (found.isEmpty() && !allowEmpty) {
          throw new Problem("no .spv files in " + f + " (--allow-empty accepts that)");
        }
        found.stream().filter(r -> named.add(Names.path(r.name()).toAbsolutePath().normalize())).forEach(results::add);
      } else if (Files.isRegularFile(p) && dev.vkrules.runtime.pipeline.FozArchive.looksLike(p)) {
        directory = true;
        if (named.add(p.toAbsolutePath().normalize())) {
          results.addAll(archive(p, engine, requirements, maxPerRule, verdicts));
        }
      } else if (named.add(p.toAbsolutePath().normalize())) {
        results.add(one(f, () -> readModule(p), engine, requirements, maxPerRule, specialization, budgetNanos, verdicts));
      }
    }
    // A module over its budget also gets one line on standard error, whatever the report's format.
    for (FileResult r : results) {
      if (r.overBudget()) {
        err().println("vkrules: " + r.name() + ": " + r.diagnostics().get(0).message());
      }
    }
    if (!specialization.isEmpty()) {
      for (FileResult r : results) {
        String unused = SpecConstantOption.undeclared(specialization, r.module());
        if (unused != null) {
          err().println("vkrules: warning: " + r.name() + ": " + unused);
        }
      }
    }
    StartupTrace.mark("validation (reading, parsing, checking)");
    Filters filters = new Filters(config, ignored, baseline, policy);
    Reports.Seen seen = new Reports.Seen(pipelinesSeen.get(), verdicts.distinctModules());
    results = apply(results, filters);
    if (writeBaseline != null) {
      Baseline written = Baseline.forWriting(writeBaseline);
      results.forEach(r -> r.diagnostics().stream().filter(Baseline::eligible).forEach(d -> written.add(written.key(r.name(), d))));
      Io.write(writeBaseline.toString(), written.text().getBytes(java.nio.charset.StandardCharsets.UTF_8),
          writeBaseline.toString().equals("-") ? out() : null);
      err().println("vkrules: wrote " + written.size() + (written.size() == 1 ? " finding" : " findings")
          + " to " + writeBaseline);
    }
    PrintWriter out = out();
    // with --write-baseline -, standard output carries the baseline alone (valid JSON); the count went to stderr
    boolean baselineOnStdout = writeBaseline != null && writeBaseline.toString().equals("-");
    Reports.Shown shown = new Reports.Shown(verbose || showUndecided, quiet);
    switch (baselineOnStdout ? "none" : format) {
      case "none" -> { }
      case "json" -> out.print(Reports.json(results, verbose, filters, seen));
      case "sarif" -> out.print(Reports.sarif(results, verbose, filters, shown));
      default -> out.print(Reports.text(results, verbose, directory, filters, shown, Style.forTerminal(), seen));
    }
    out.flush();
    if (writeBaseline != null) {
      // the findings just written are accepted: only what no baseline can hold fails
      return results.stream().anyMatch(r -> r.toolError()) ? Main.EXIT_USAGE
          : results.stream().anyMatch(FileResult::malformed) ? Main.EXIT_INVALID : 0;
    }
    return exitCode(results, policy);
  }

  /**
   * Reports the preset's rules as warnings, drops ignored findings (counted) and moves baselined
   * ones aside; results keep their order.
   */
  static List<FileResult> apply(List<FileResult> results, Filters filters) {
    if (filters.policy().compilerCompatibility()) {
      results = results.stream().map(r -> new FileResult(r.name(), filters.policy().apply(r.diagnostics()), r.malformed(),
          r.module(), r.baselined(), r.ignored(), r.usedBy())).toList();
    }
    if (!filters.any()) {
      return results;
    }
    List<FileResult> out = new ArrayList<>(results.size());
    for (FileResult r : results) {
      List<Diagnostic> kept = new ArrayList<>();
      List<Diagnostic> baselined = new ArrayList<>();
      int ignoredHere = 0;
      for (Diagnostic d : r.diagnostics()) {
        if (!d.vuid().isEmpty() && !d.isInternalError() && (filters.ignore().contains(d.vuid())
            || filters.config() != null && filters.config().ignores(d.vuid(), Names.path(r.name())))) {
          ignoredHere++;
        } else if (filters.baseline() != null && Baseline.eligible(d)
            && filters.baseline().take(filters.baseline().key(r.name(), d))) {
          baselined.add(d);
        } else {
          kept.add(d);
        }
      }
      out.add(new FileResult(r.name(), List.copyOf(kept), r.malformed(), r.module(), List.copyOf(baselined), ignoredHere,
          r.usedBy()));
    }
    return out;
  }

  /** --config FILE, none with --no-config, else the nearest vkrules.yaml above the inputs (one for all of them). */
  private ProjectConfig config() {
    if (noConfig) {
      if (configFile != null) {
        throw usage("--config and --no-config exclude each other");
      }
      return null;
    }
    if (configFile != null) {
      if (!dev.vkrules.runtime.InputFiles.readable(configFile)) {
        throw new Problem((Files.isDirectory(configFile) ? "a directory, not a configuration file: "
            : "no such configuration file: ") + Text.escape(Names.of(configFile)));
      }
      if (verbose) {
        err().println("vkrules: configuration: " + Text.escape(Names.of(configFile)) + " (--config)");
      }
      return ProjectConfig.read(configFile);
    }
    Path found = null;
    for (String f : inputs) {
      Path p = f.equals("-") ? Path.of("") : Names.path(f);
      Path start = Files.isDirectory(p) ? p : p.toAbsolutePath().getParent();
      Path here = start == null ? null : ProjectConfig.find(start);
      if (found != null && here != null && !here.equals(found)) {
        throw new Problem("the inputs are under two configurations (" + Text.escape(Names.of(found)) + ", " + Text.escape(Names.of(here))
            + "); name one with --config, or use --no-config");
      }
      found = found == null ? here : found;
    }
    if (found == null) {
      return null;
    }
    String distrust = trustConfig || "1".equals(System.getenv(ProjectConfig.TRUST_VARIABLE)) ? null
        : ProjectConfig.distrust(found);
    if (distrust != null) {
      err().println("vkrules: warning: not applying " + Text.escape(Names.of(found)) + ": " + distrust
          + " (--trust-config or " + ProjectConfig.TRUST_VARIABLE + "=1 applies it)");
      return null;
    }
    if (verbose) {
      err().println("vkrules: configuration: " + Text.escape(Names.of(found)));
    }
    return ProjectConfig.read(found);
  }

  /**
   * The verdict cache of --cache DIR, else of the configuration's {@code cache}; null without one.
   * Its run key holds the build, the engine's rules, the target, the device description's content
   * and the options that change findings.
   */
  private VerdictCache cache(ProjectConfig config, Engine engine, List<Path> profilePaths, int maxPerRule) {
    Path dir = cacheDir != null ? cacheDir : config != null ? config.cache() : null;
    if (dir == null) {
      return null;
    }
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new Problem("--cache: not a directory: " + Text.escape(dir.toString()));
    }
    String device = "none";
    if (!profilePaths.isEmpty()) {
      String hash = contentHash(profilePaths.get(0));
      device = hash == null ? null : hash + (profileName == null ? "" : " " + profileName);
    }
    if (device == null) {
      return null; // the profile was read a moment ago and cannot be now: no key to trust
    }
    PrintWriter err = err();
    return new VerdictCache(dir, VerdictCache.runKey(build.get(), engine, device, maxPerRule), line -> {
      synchronized (err) {
        err.println(line);
        err.flush();
      }
    });
  }

  /** The SHA-256 of a file's content, or null when it cannot be read. */
  private static String contentHash(Path file) {
    try {
      return VerdictCache.sha256(Files.readAllBytes(file));
    } catch (IOException | UncheckedIOException e) {
      return null;
    }
  }

  /** This build's identity for the verdict cache (tests give another to stand for a new build). */
  java.util.function.Supplier<String> build = VerdictCache::build;

  /** How the diagnostic of a module over its budget starts. */
  static final String OVER_BUDGET = "not validated: over the per-module time limit";

  /** The longest --module-time-limit, in seconds: a day (0 is none). */
  static final int MAX_TIME_LIMIT = 86_400;

  /** The per-module budget in nanoseconds (0: none), from --module-time-limit. */
  private long budgetNanos;

  private long timeLimitNanos(String seconds) {
    double s;
    try {
      s = Double.parseDouble(seconds);
    } catch (NumberFormatException e) {
      s = -1;
    }
    if (!(s >= 0) || Double.isInfinite(s) || seconds.isBlank() || !seconds.strip().matches("[0-9.]+")) {
      throw usage("--module-time-limit takes seconds (a number, 0 for no limit), got '"
          + dev.vkrules.runtime.Shown.cut(seconds) + "'");
    }
    if (s > MAX_TIME_LIMIT) {
      throw usage("--module-time-limit is at most " + MAX_TIME_LIMIT + " seconds (a day; 0 for no limit), got '"
          + dev.vkrules.runtime.Shown.cut(seconds) + "'");
    }
    return s == 0 ? 0 : Math.max(1, (long) Math.min(s * 1e9, Long.MAX_VALUE / 4));
  }

  /** 2 when vkrules could not check a module, else 1 when one fails (per --fail-on), else 0. */
  private static int exitCode(List<FileResult> results, RunPolicy policy) {
    if (results.stream().anyMatch(FileResult::toolError)) {
      return Main.EXIT_USAGE;
    }
    // Warnings and undecided findings are not failures unless --fail-on names them; the report lists them apart.
    boolean failed = results.stream().anyMatch(r -> r.malformed() || r.diagnostics().stream().anyMatch(policy::fails));
    return failed ? Main.EXIT_INVALID : 0;
  }

  /** {@code --matrix} or several devices: every module against every device, parsed and checked once. */
  private int matrixRun(Target target, Engine engine, List<Path> profilePaths, int maxPerRule,
      List<PipelineDescription> pipelines, Specialization specialization, java.util.Set<String> ignored,
      ProjectConfig config, RunPolicy policy) {
    String fmt = matrix == null ? "text" : matrix;
    if (!PortabilityMatrix.FORMATS.contains(fmt)) {
      throw usage(Choices.invalid("--matrix", fmt, PortabilityMatrix.FORMATS));
    }
    if (!format.equals("text")) {
      throw usage(
          "--format is for the per-module report; the matrix takes its format from --matrix");
    }
    if (profilePaths.isEmpty()) {
      throw usage("--matrix needs at least one --profile");
    }
    List<PortabilityMatrix.Device> devices = devices(target, profilePaths);
    List<Path> modules = modulePaths(!pipelines.isEmpty());
    List<PortabilityMatrix.Row> rows = new ArrayList<>();
    // a pipeline is one row: its stages' modules, each checked once, judged together per device
    for (PipelineDescription d : pipelines) {
      for (Pipeline p : d.pipelines()) {
        // the budget of its stages together, as --pipeline gives each stage its own
        long budget = budgetNanos == 0 ? 0 : budgetNanos * Math.max(1, p.stages().size());
        try {
          rows.add(ModuleTimeLimit.within(budget, () -> PortabilityMatrix.pipelineRow(p.name(),
              PipelineValidator.prepare(p, engine, maxPerRule), devices)));
        } catch (ModuleTimeLimit.Exceeded e) {
          rows.add(PortabilityMatrix.unreadable(p.name(), p.name() + ": " + OVER_BUDGET + " of " + seconds(budget)
              + " s for its " + p.stages().size() + " stages (--module-time-limit=SECONDS raises it, 0 for none)",
              devices.size()));
        }
      }
      d.notes().forEach(n -> err().println("vkrules: warning: " + dev.vkrules.runtime.Shown.oneLine(n)));
      for (PipelineDescription.Unread u : d.unread()) {
        rows.add(PortabilityMatrix.unreadable(u.name(), u.message(), devices.size()));
      }
    }
    rows.addAll(modules.parallelStream().map(p -> {
      try {
        // --ignore's and the configuration's ignored VUIDs leave the cells, as they leave the report; so do
        // the preset's warnings, which every device accepts (unless --fail-on warning makes them failures)
        boolean warningsFail = policy.failing().contains(Diagnostic.Severity.WARNING);
        java.util.function.Predicate<String> dropped = v -> ignored.contains(v)
            || config != null && config.ignores(v, p) || !warningsFail && policy.warns(v);
        byte[] bytes = readModule(p);
        return ModuleTimeLimit.within(budgetNanos, () -> PortabilityMatrix.row(Names.of(p), bytes, engine, devices,
            maxPerRule, specialization, dropped));
      } catch (ModuleTimeLimit.Exceeded e) {
        return PortabilityMatrix.unreadable(Names.of(p), Text.escape(Names.of(p)) + ": " + OVER_BUDGET + " of " + seconds(budgetNanos)
            + " s (--module-time-limit=SECONDS raises it, 0 for none)", devices.size());
      } catch (IOException | UncheckedIOException e) {
        return PortabilityMatrix.unreadable(Names.of(p), "cannot read " + Text.escape(Names.of(p)) + ": " + Io.reason(e), devices.size());
      }
    }).toList());
    PrintWriter out = out();
    out.print(PortabilityMatrix.render(fmt, devices, rows));
    out.flush();
    boolean toolError = rows.stream().anyMatch(r -> r.cells().stream()
        .anyMatch(c -> c.status() == PortabilityMatrix.Status.TOOL_ERROR));
    boolean strict = policy.failing().contains(Diagnostic.Severity.NEEDS_DEVICE_INFO);
    boolean failed = rows.stream().anyMatch(r -> r.cells().stream().anyMatch(c -> c.status() == PortabilityMatrix.Status.FAILS
        || c.status() == PortabilityMatrix.Status.MALFORMED
        || strict && c.status() == PortabilityMatrix.Status.NEEDS_INFORMATION));
    return toolError ? Main.EXIT_USAGE : failed ? Main.EXIT_INVALID : 0;
  }

  /** {@code --requirements}: what the modules need, and with profiles which devices provide it. */
  private int requirementsRun(Target target, Engine engine, List<Path> profilePaths, int maxPerRule) {
    if (matrix != null || !format.equals("text")) {
      throw usage("--requirements takes its format from its own value, not from --matrix or --format");
    }
    RequirementsView.Format fmt;
    try {
      fmt = RequirementsView.Format.valueOf(requirements);
    } catch (IllegalArgumentException e) {
      throw usage("unknown requirements format '" + requirements
          + "', expected one of text, json, md, html");
    }
    List<PortabilityMatrix.Device> devices = devices(target, profilePaths);
    List<RequirementsView.Module> modules = new ArrayList<>();
    // a module that cannot be read is one line on stderr and exit 2; the others are still reported
    List<String> unreadable = new ArrayList<>();
    for (Path p : modulePaths(false)) {
      try {
        modules.add(new RequirementsView.Module(Names.of(p), readModule(p)));
      } catch (IOException | UncheckedIOException e) {
        unreadable.add("cannot read " + Text.escape(Names.of(p)) + ": " + Io.reason(e));
      }
    }
    RequirementsView.View view;
    try {
      // the view reads all modules at once: their budgets together
      view = ModuleTimeLimit.within(budgetNanos == 0 ? 0 : budgetNanos * Math.max(1, modules.size()),
          () -> RequirementsView.of(target, engine, devices, modules, maxPerRule));
    } catch (ModuleTimeLimit.Exceeded e) {
      throw new Problem("--requirements: " + OVER_BUDGET + " of " + seconds(budgetNanos) + " s for each of the "
          + modules.size() + " modules (--module-time-limit=SECONDS raises it, 0 for none)");
    }
    PrintWriter out = out();
    out.print(RequirementsFormats.render(fmt, view, listModules));
    out.flush();
    unreadable.forEach(u -> err().println("vkrules: " + u));
    return !unreadable.isEmpty() ? Main.EXIT_USAGE : view.malformed() > 0 ? Main.EXIT_INVALID : 0;
  }

  private List<PortabilityMatrix.Device> devices(Target target, List<Path> profilePaths) {
    if (profileName != null && profilePaths.isEmpty()) {
      throw usage("--profile-name needs --profile");
    }
    List<PortabilityMatrix.Device> devices = new ArrayList<>();
    for (Path p : profilePaths) {
      try {
        devices.add(PortabilityMatrix.Device.of(Names.of(p), readProfile(p), target));
      } catch (ProfileException e) {
        throw new Problem(e.getMessage());
      }
    }
    return devices;
  }

  /**
   * The .spv files the inputs name (directories walked, sorted); at least one unless --allow-empty
   * or pipelines give the modules.
   */
  private List<Path> modulePaths(boolean pipelines) {
    List<Path> modules = new ArrayList<>();
    for (String f : inputs) {
      if (f.equals("-")) {
        throw usage("the matrix and --requirements read files and directories, not -");
      }
      modules.addAll(spvFiles(Names.path(f)));
    }
    if (modules.isEmpty() && !pipelines && !allowEmpty) {
      throw new Problem("no .spv files in " + String.join(", ", inputs) + " (--allow-empty accepts that)");
    }
    return modules;
  }

  private List<Path> spvFiles(Path p) {
    if (!Files.isDirectory(p)) {
      return List.of(p);
    }
    return modules(p);
  }

  /** The modules below {@code dir} (links followed), a note on standard error for each entry skipped. */
  private List<Path> modules(Path dir) {
    return modules(dir, false);
  }

  /** The modules below {@code dir}, and with {@code archives} its Fossilize archives too, sorted together. */
  private List<Path> modules(Path dir, boolean archives) {
    PrintWriter err = err();
    try {
      return ModuleFiles.find(dir, note -> err.println("vkrules: " + note), archives);
    } catch (IOException | UncheckedIOException e) {
      throw new Problem("cannot list " + dir + ": " + Io.reason(e));
    } finally {
      err.flush();
    }
  }

  /** Reads a device description; what the pinned vk.xml does not know is a warning, and the rest is used. */
  private DeviceProfile readProfile(Path file) throws ProfileException {
    DeviceProfile p = ProfileReader.read(file, profileName);
    p.warnings().forEach(w -> err().println("vkrules: warning: " + w));
    return p;
  }

  private Optional<DeviceProfile> profile(List<Path> profilePaths) {
    Path profileFile = profilePaths.isEmpty() ? null : profilePaths.get(0);
    if (profileFile == null) {
      if (profileName != null) {
        throw usage("--profile-name needs --profile");
      }
      return Optional.empty();
    }
    try {
      return Optional.of(readProfile(profileFile));
    } catch (ProfileException e) {
      // bad input, not bad usage: one line (Main prints "vkrules: ..."), exit 2, no usage text
      throw new Problem(e.getMessage());
    }
  }

  private List<FileResult> directory(Path dir, Engine engine, RequirementCheck requirements, int maxPerRule,
      Specialization specialization, Verdicts verdicts) {
    List<Path> found = modules(dir, true);
    // Parallel over files; results keep the sorted order, so output is deterministic. Each file
    // is isolated: whatever happens while checking one, the others get their verdicts.
    return found.parallelStream().map(p -> ModuleFiles.archive(p) ? archive(p, engine, requirements, maxPerRule, verdicts)
        : List.of(one(Names.of(p), () -> readModule(p), engine, requirements, maxPerRule, specialization, budgetNanos,
            verdicts)))
        .flatMap(List::stream).toList();
  }

  /** Pipelines of the archives and descriptions validated so far (several threads add to it). */
  private final java.util.concurrent.atomic.AtomicInteger pipelinesSeen = new java.util.concurrent.atomic.AtomicInteger();

  /**
   * A Fossilize archive given as FILE or found in a directory: its pipelines' stages, as with
   * --pipeline (each module once within the archive); one that is not an archive is a result that
   * says so (exit 2), as an unreadable module is.
   */
  private List<FileResult> archive(Path p, Engine engine, RequirementCheck requirements, int maxPerRule,
      Verdicts verdicts) {
    PipelineDescription d;
    try {
      d = PipelineReader.read(p);
    } catch (PipelineException e) {
      return List.of(new FileResult(Names.of(p), List.of(toolError(unprefixed(p.toString(), e.getMessage()))), false,
          new byte[0]));
    }
    PipelineStages stages = new PipelineStages(engine, requirements, maxPerRule, budgetNanos, verdicts);
    List<FileResult> unread = described(d, p, stages);
    List<FileResult> out = new ArrayList<>(stages.results());
    out.addAll(unread);
    return out;
  }

  /**
   * Adds a description's pipelines to {@code stages} (which validates and groups them); returns
   * one result for each pipeline of an archive that could not be read (exit 2), named by the
   * archive; its notes (a truncation) on standard error.
   */
  private List<FileResult> described(PipelineDescription d, Path file, PipelineStages stages) {
    d.notes().forEach(n -> err().println("vkrules: warning: " + dev.vkrules.runtime.Shown.oneLine(n)));
    String fileHash = stages.caching() ? contentHash(file) : null;
    for (int i = 0; i < d.pipelines().size(); i++) {
      stages.add(d.pipelines().get(i), file.toString(), fileHash, i);
      pipelinesSeen.incrementAndGet();
    }
    List<FileResult> out = new ArrayList<>();
    for (PipelineDescription.Unread u : d.unread()) {
      out.add(new FileResult(d.file(), List.of(toolError(unprefixed(d.file(), u.message()))), false, new byte[0]));
    }
    return out;
  }

  /** A reader's message without the {@code FILE: } it starts with, for a result named by the file. */
  private static String unprefixed(String file, String message) {
    return message.startsWith(file + ": ") ? message.substring(file.length() + 2) : message;
  }

  /** Reads a module's bytes. */
  private interface Source {
    byte[] read() throws IOException;
  }

  /**
   * Validates one module. An unreadable file or a failure of vkrules itself becomes one
   * diagnostic for this module (exit 2 at the end), never an exception that ends the run.
   * Running out of memory is not caught: it ends the run as a tool error (see {@link Main}).
   * Over {@code budgetNanos} (0: no limit; see {@link ModuleTimeLimit}), the module is not
   * validated: one diagnostic saying so and how to raise the limit, a tool error (exit 2).
   */
  static FileResult one(String name, Source source, Engine engine, RequirementCheck requirements, int maxPerRule) {
    return one(name, source, engine, requirements, maxPerRule, Specialization.NONE, 0);
  }

  static FileResult one(String name, Source source, Engine engine, RequirementCheck requirements, int maxPerRule,
      Specialization specialization, long budgetNanos) {
    return one(name, source, engine, requirements, maxPerRule, specialization, budgetNanos, new Verdicts(null));
  }

  /** As above, the verdict taken from {@code verdicts} when this run or its cache has it (each module once). */
  static FileResult one(String name, Source source, Engine engine, RequirementCheck requirements, int maxPerRule,
      Specialization specialization, long budgetNanos, Verdicts verdicts) {
    byte[] bytes;
    try {
      bytes = source.read();
    } catch (IOException | UncheckedIOException e) {
      return new FileResult(name, List.of(toolError("cannot read " + Io.label(name) + ": " + Io.reason(e))), false, new byte[0]);
    }
    try {
      Validator.ValidationResult r = verdicts.alone(bytes, specialization, () -> ModuleTimeLimit.within(budgetNanos,
          () -> Validator.validate(ByteBuffer.wrap(bytes), engine, requirements, maxPerRule, specialization)));
      return new FileResult(name, r.diagnostics(), r.malformed(), bytes);
    } catch (ModuleTimeLimit.Exceeded e) {
      return new FileResult(name, List.of(toolError(OVER_BUDGET + " of "
          + seconds(budgetNanos) + " s (--module-time-limit=SECONDS raises it, 0 for none)")), false, bytes);
    } catch (RuntimeException | StackOverflowError e) {
      return new FileResult(name, List.of(toolError("internal error while validating (" + e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); no verdict, please report it")), false, bytes);
    }
  }

  /** A limit in seconds as given: 60, 0.5. */
  static String seconds(long nanos) {
    return java.math.BigDecimal.valueOf(nanos / 1e9).stripTrailingZeros().toPlainString();
  }

  static Diagnostic toolError(String message) {
    return new Diagnostic("", message, "", -1, "", Diagnostic.Severity.INTERNAL_ERROR);
  }

  private byte[] readStdin() throws IOException {
    return Io.stdin(dev.vkrules.runtime.InputFiles.MAX_MODULE, "a module");
  }

  /** A module file, refused by size before it is read when it is over the limit (docs/validate.md, "Limits"). */
  static byte[] readModule(Path p) throws IOException {
    return dev.vkrules.runtime.InputFiles.read(p, dev.vkrules.runtime.InputFiles.MAX_MODULE, "a module");
  }

  /** A usage error on the fast path: printed as picocli prints its own (FastValidate). */
  static final class UsageError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageError(String message) {
      super(message);
    }
  }

  /** A tool error with a one-line message: exit 2, no usage text. */
  static final class Problem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Problem(String message) {
      // one line, whatever the input quoted in it holds
      super(dev.vkrules.runtime.Shown.oneLine(message));
    }
  }
}
