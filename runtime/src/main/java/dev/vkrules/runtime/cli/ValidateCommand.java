package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.PipelineValidator;
import dev.vkrules.runtime.pipeline.Pipeline;
import dev.vkrules.runtime.pipeline.PipelineDescription;
import dev.vkrules.runtime.pipeline.PipelineException;
import dev.vkrules.runtime.pipeline.PipelineReader;
import dev.vkrules.runtime.pipeline.Specialization;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.Report;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
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
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vkrules validate}: runs the generated checkers over SPIR-V binaries. */
@Command(name = "validate", mixinStandardHelpOptions = true,
    description = {"Validates SPIR-V modules against the Vulkan environment rules.",
        "Exit 0 when every module is clean, 1 when any rule fails or a module is malformed, 2 for usage errors."})
public final class ValidateCommand implements Callable<Integer> {
  @Option(names = "--target-env", paramLabel = "ENV", defaultValue = "vulkan1.4",
      description = "vulkan1.0 .. vulkan1.4 (default: ${DEFAULT-VALUE})")
  String targetEnv;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text, json or sarif (default: ${DEFAULT-VALUE})")
  String format;

  @Option(names = "--verbose", description = "also print the spec's text of each failing rule")
  boolean verbose;

  @Option(names = "--profile", paramLabel = "FILE|DIR",
      description = {"a Vulkan Profiles JSON file (e.g. from vulkaninfo --json): the device's features, properties"
          + " and extensions; without it, device-dependent requirements are reported as needing device information.",
          "Repeat it, or name a directory of profiles, for the portability matrix (every module on every device)."})
  List<Path> profileFiles = new ArrayList<>();

  @Option(names = "--matrix", paramLabel = "FORMAT",
      description = "write the portability matrix (module x device: clean, fails, needs information) as text, json,"
          + " md, html or csv; the default output with more than one device is the text matrix")
  String matrix;

  @Option(names = "--profile-name", paramLabel = "NAME", description = "the profile to use when FILE holds several")
  String profileName;

  @Option(names = "--max-findings-per-rule", paramLabel = "N", defaultValue = "20",
      description = "list at most N findings per VUID per module and count the rest (default: ${DEFAULT-VALUE})")
  int maxFindingsPerRule;

  @Option(names = "--all-findings", description = "list every finding (no --max-findings-per-rule limit)")
  boolean allFindings;

  @Option(names = "--allow-empty", description = "a directory without .spv files is not an error")
  boolean allowEmpty;

  @Option(names = "--fail-on", paramLabel = "LEVEL", defaultValue = "error",
      description = "error (default): exit 1 when a rule fails; needs-device-information: also when a rule"
          + " could not be decided without device information; needs-pipeline-description: also when a rule"
          + " could not be decided without a pipeline description")
  String failOn;

  @Option(names = "--pipeline", paramLabel = "FILE.json",
      description = {"a pipeline description: Vulkan create-info structures with vk.xml's member and enumerant names"
          + " (docs/schemas/pipeline.schema.json) or a Fossilize capture's JSON. Each stage's module is validated with"
          + " the stage's specialization constants, and rules that read pipeline state decide with it.",
          "Repeatable; FILE arguments may then be left out."})
  List<Path> pipelineFiles = new ArrayList<>();

  @Option(names = "--spec-constant", paramLabel = "ID=VALUE",
      description = "the value of the specialization constant with SpecId ID (an integer, true, false or a decimal"
          + " number) for the modules given as FILE; repeatable")
  List<String> specConstants = new ArrayList<>();

  @Parameters(paramLabel = "FILE", arity = "0..*",
      description = "SPIR-V binaries, directories (every .spv inside, in parallel) or - for standard input")
  List<String> files = new ArrayList<>();

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** The engine for a target: the generated checkers, or others in tests. */
  private final Function<Target, Engine> engines;

  public ValidateCommand() {
    this(Validator::engine);
  }

  ValidateCommand(Function<Target, Engine> engines) {
    this.engines = engines;
  }

  /** The result for one input. */
  /** One module's findings; {@code module} is its bytes, for reports that place findings (SARIF). */
  record FileResult(String name, List<Diagnostic> diagnostics, boolean malformed, byte[] module) {
    /** vkrules could not check this module (an internal error or an unreadable file). */
    boolean toolError() {
      return diagnostics.stream().anyMatch(Diagnostic::isInternalError);
    }
  }

  @Override
  public Integer call() {
    Target target = Target.parse(targetEnv);
    if (target == null) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "unknown target environment '" + targetEnv + "', expected one of " + Target.names());
    }
    if (!List.of("text", "json", "sarif").contains(format)) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "unknown format '" + format + "', expected text, json or sarif");
    }
    if (!List.of("error", "needs-device-information", "needs-pipeline-description").contains(failOn)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "unknown --fail-on level '" + failOn
          + "', expected error, needs-device-information or needs-pipeline-description");
    }
    if (maxFindingsPerRule < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "--max-findings-per-rule must be at least 1, got " + maxFindingsPerRule);
    }
    int maxPerRule = allFindings ? Report.UNLIMITED : maxFindingsPerRule;
    if (files.isEmpty() && pipelineFiles.isEmpty()) {
      throw new CommandLine.ParameterException(spec.commandLine(), "Missing required parameter: 'FILE' (or --pipeline)");
    }
    Specialization specialization = SpecConstantOption.parse(specConstants,
        m -> new CommandLine.ParameterException(spec.commandLine(), m));
    if (!specialization.isEmpty() && files.isEmpty()) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "--spec-constant is for modules given as FILE; a pipeline description gives each stage its own values");
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
    // Every named input must exist before any work starts: a typo is a usage error, not a verdict.
    for (String f : files) {
      if (!f.equals("-") && !Files.exists(Path.of(f))) {
        throw new Problem("no such file or directory: " + f);
      }
    }
    Engine engine = engines.apply(target);
    List<Path> profilePaths = DeviceFiles.expand(profileFiles);
    if (matrix != null || profilePaths.size() > 1) {
      return matrixRun(target, engine, profilePaths, maxPerRule, pipelines, specialization);
    }
    RequirementCheck requirements = Validator.requirements(target, profile(profilePaths));
    List<FileResult> results = new ArrayList<>();
    boolean directory = !pipelines.isEmpty();
    for (PipelineDescription d : pipelines) {
      for (Pipeline p : d.pipelines()) {
        for (PipelineValidator.PreparedStage s : PipelineValidator.prepare(p, engine, maxPerRule)) {
          results.add(stage(s, requirements));
        }
      }
    }
    for (String f : files) {
      if (f.equals("-")) {
        results.add(one("-", this::readStdin, engine, requirements, maxPerRule, specialization));
        continue;
      }
      Path p = Path.of(f);
      if (Files.isDirectory(p)) {
        directory = true;
        List<FileResult> found = directory(p, engine, requirements, maxPerRule, specialization);
        if (found.isEmpty() && !allowEmpty) {
          throw new Problem("no .spv files in " + f + " (--allow-empty accepts that)");
        }
        results.addAll(found);
      } else {
        results.add(one(f, () -> Files.readAllBytes(p), engine, requirements, maxPerRule, specialization));
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    switch (format) {
      case "json" -> out.print(Reports.json(results, verbose));
      case "sarif" -> out.print(Reports.sarif(results, verbose));
      default -> out.print(Reports.text(results, verbose, directory));
    }
    out.flush();
    return exitCode(results);
  }

  /** 2 when vkrules could not check a module, else 1 when one fails (per --fail-on), else 0. */
  private int exitCode(List<FileResult> results) {
    if (results.stream().anyMatch(FileResult::toolError)) {
      return Main.EXIT_USAGE;
    }
    boolean strict = failOn.equals("needs-device-information");
    boolean strictPipeline = failOn.equals("needs-pipeline-description");
    // Findings that need device information are not failures unless asked, but the report lists them apart.
    boolean failed = results.stream().anyMatch(r -> r.diagnostics().stream()
        .anyMatch(d -> d.isError() || strict && d.severity() == Diagnostic.Severity.NEEDS_DEVICE_INFO
            || strictPipeline && d.severity() == Diagnostic.Severity.NEEDS_PIPELINE));
    return failed ? Main.EXIT_INVALID : 0;
  }

  /** {@code --matrix} or several devices: every module against every device, parsed and checked once. */
  private int matrixRun(Target target, Engine engine, List<Path> profilePaths, int maxPerRule,
      List<PipelineDescription> pipelines, Specialization specialization) {
    String fmt = matrix == null ? "text" : matrix;
    if (!PortabilityMatrix.FORMATS.contains(fmt)) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "unknown matrix format '" + fmt + "', expected one of " + String.join(", ", PortabilityMatrix.FORMATS));
    }
    if (!format.equals("text")) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "--format is for the per-module report; the matrix takes its format from --matrix");
    }
    if (profilePaths.isEmpty()) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--matrix needs at least one --profile");
    }
    List<PortabilityMatrix.Device> devices = new ArrayList<>();
    for (Path p : profilePaths) {
      try {
        devices.add(PortabilityMatrix.Device.of(p.toString(), readProfile(p), target));
      } catch (ProfileException e) {
        throw new Problem(e.getMessage());
      }
    }
    List<Path> modules = new ArrayList<>();
    for (String f : files) {
      if (f.equals("-")) {
        throw new CommandLine.ParameterException(spec.commandLine(), "the matrix reads files and directories, not -");
      }
      modules.addAll(spvFiles(Path.of(f)));
    }
    if (modules.isEmpty() && pipelines.isEmpty() && !allowEmpty) {
      throw new Problem("no .spv files in " + String.join(", ", files) + " (--allow-empty accepts that)");
    }
    List<PortabilityMatrix.Row> rows = new ArrayList<>();
    // a pipeline is one row: its stages' modules, each checked once, judged together per device
    for (PipelineDescription d : pipelines) {
      for (Pipeline p : d.pipelines()) {
        rows.add(PortabilityMatrix.pipelineRow(p.name(), PipelineValidator.prepare(p, engine, maxPerRule), devices));
      }
    }
    rows.addAll(modules.parallelStream().map(p -> {
      try {
        return PortabilityMatrix.row(p.toString(), Files.readAllBytes(p), engine, devices, maxPerRule, specialization);
      } catch (IOException | UncheckedIOException e) {
        return PortabilityMatrix.unreadable(p.toString(), "cannot read " + p + ": " + Io.reason(e), devices.size());
      }
    }).toList());
    PrintWriter out = spec.commandLine().getOut();
    out.print(PortabilityMatrix.render(fmt, devices, rows));
    out.flush();
    boolean toolError = rows.stream().anyMatch(r -> r.cells().stream()
        .anyMatch(c -> c.status() == PortabilityMatrix.Status.TOOL_ERROR));
    boolean strict = failOn.equals("needs-device-information");
    boolean failed = rows.stream().anyMatch(r -> r.cells().stream().anyMatch(c -> c.status() == PortabilityMatrix.Status.FAILS
        || c.status() == PortabilityMatrix.Status.MALFORMED
        || strict && c.status() == PortabilityMatrix.Status.NEEDS_INFORMATION));
    return toolError ? Main.EXIT_USAGE : failed ? Main.EXIT_INVALID : 0;
  }

  private static List<Path> spvFiles(Path p) {
    if (!Files.isDirectory(p)) {
      return List.of(p);
    }
    try (Stream<Path> walk = Files.walk(p)) {
      return walk.filter(Files::isRegularFile).filter(f -> f.toString().endsWith(".spv")).sorted().toList();
    } catch (IOException | UncheckedIOException e) {
      throw new Problem("cannot list " + p + ": " + Io.reason(e));
    }
  }

  /** Reads a device description; what the pinned vk.xml does not know is a warning, and the rest is used. */
  private DeviceProfile readProfile(Path file) throws ProfileException {
    DeviceProfile p = ProfileReader.read(file, profileName);
    p.warnings().forEach(w -> spec.commandLine().getErr().println("vkrules: warning: " + w));
    return p;
  }

  private Optional<DeviceProfile> profile(List<Path> profilePaths) {
    Path profileFile = profilePaths.isEmpty() ? null : profilePaths.get(0);
    if (profileFile == null) {
      if (profileName != null) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--profile-name needs --profile");
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

  /** One pipeline stage's result, named by its module and where the description has it. */
  private static FileResult stage(PipelineValidator.PreparedStage s, RequirementCheck requirements) {
    if (s.unreadable() != null) {
      return new FileResult(s.name(), List.of(toolError(s.unreadable())), false, new byte[0]);
    }
    try {
      Validator.ValidationResult r = PipelineValidator.evaluate(s, requirements);
      return new FileResult(s.name(), r.diagnostics(), r.malformed(), s.bytes());
    } catch (RuntimeException | StackOverflowError e) {
      return new FileResult(s.name(), List.of(toolError("internal error while validating (" + e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); no verdict, please report it")), false, s.bytes());
    }
  }

  private List<FileResult> directory(Path dir, Engine engine, RequirementCheck requirements, int maxPerRule,
      Specialization specialization) {
    List<Path> spv;
    try (Stream<Path> walk = Files.walk(dir)) {
      spv = walk.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".spv")).sorted().toList();
    } catch (IOException | UncheckedIOException e) {
      throw new Problem("cannot list " + dir + ": " + Io.reason(e));
    }
    // Parallel over files; results keep the sorted order, so output is deterministic. Each file
    // is isolated: whatever happens while checking one, the others get their verdicts.
    return spv.parallelStream().map(p -> one(p.toString(), () -> Files.readAllBytes(p), engine, requirements,
        maxPerRule, specialization)).toList();
  }

  /** Reads a module's bytes. */
  private interface Source {
    byte[] read() throws IOException;
  }

  /**
   * Validates one module. An unreadable file or a failure of vkrules itself becomes one
   * diagnostic for this module (exit 2 at the end), never an exception that ends the run.
   * Running out of memory is not caught: it ends the run as a tool error (see {@link Main}).
   */
  static FileResult one(String name, Source source, Engine engine, RequirementCheck requirements, int maxPerRule) {
    return one(name, source, engine, requirements, maxPerRule, Specialization.NONE);
  }

  static FileResult one(String name, Source source, Engine engine, RequirementCheck requirements, int maxPerRule,
      Specialization specialization) {
    byte[] bytes;
    try {
      bytes = source.read();
    } catch (IOException | UncheckedIOException e) {
      return new FileResult(name, List.of(toolError("cannot read " + Io.label(name) + ": " + Io.reason(e))), false, new byte[0]);
    }
    try {
      Validator.ValidationResult r = Validator.validate(ByteBuffer.wrap(bytes), engine, requirements, maxPerRule,
          specialization);
      return new FileResult(name, r.diagnostics(), r.malformed(), bytes);
    } catch (RuntimeException | StackOverflowError e) {
      return new FileResult(name, List.of(toolError("internal error while validating (" + e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); no verdict, please report it")), false, bytes);
    }
  }

  private static Diagnostic toolError(String message) {
    return new Diagnostic("", message, "", -1, "", Diagnostic.Severity.INTERNAL_ERROR);
  }

  private byte[] readStdin() throws IOException {
    return System.in.readAllBytes();
  }

  /** A tool error with a one-line message: exit 2, no usage text. */
  static final class Problem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Problem(String message) {
      super(message);
    }
  }
}
