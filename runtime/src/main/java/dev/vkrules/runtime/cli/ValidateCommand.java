package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.ProfileException;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.requirements.RequirementCheck;
import dev.vkrules.runtime.requirements.RequirementEvaluator;
import dev.vkrules.runtime.requirements.StructEquivalenceTable;
import dev.vkrules.runtime.requirements.VulkanVersion;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
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
  @Option(names = "--target-env", paramLabel = "ENV", defaultValue = "vulkan1.3",
      description = "vulkan1.0, vulkan1.1, vulkan1.2 or vulkan1.3 (default: ${DEFAULT-VALUE})")
  String targetEnv;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text, json or sarif (default: ${DEFAULT-VALUE})")
  String format;

  @Option(names = "--verbose", description = "also print the spec's text of each failing rule")
  boolean verbose;

  @Option(names = "--profile", paramLabel = "FILE",
      description = "a Vulkan Profiles JSON file (e.g. from vulkaninfo --json): the device's features, properties"
          + " and extensions; without it, device-dependent requirements are reported as needing device information")
  Path profileFile;

  @Option(names = "--profile-name", paramLabel = "NAME", description = "the profile to use when FILE holds several")
  String profileName;

  @Parameters(paramLabel = "FILE", arity = "1..*",
      description = "SPIR-V binaries, directories (every .spv inside, in parallel) or - for standard input")
  List<String> files;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** The result for one input. */
  /** One module's findings; {@code module} is its bytes, for reports that place findings (SARIF). */
  record FileResult(String name, List<Diagnostic> diagnostics, boolean malformed, byte[] module) {}

  @Override
  public Integer call() {
    Target target = Target.parse(targetEnv);
    if (target == null) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "unknown target environment '" + targetEnv + "', expected vulkan1.0, vulkan1.1, vulkan1.2 or vulkan1.3");
    }
    if (!List.of("text", "json", "sarif").contains(format)) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "unknown format '" + format + "', expected text, json or sarif");
    }
    Engine engine = Validator.engine(target);
    RequirementCheck requirements = Validator.requirements(target, profile());
    List<FileResult> results = new ArrayList<>();
    boolean directory = false;
    for (String f : files) {
      if (f.equals("-")) {
        results.add(one("-", readStdin(), engine, requirements));
        continue;
      }
      Path p = Path.of(f);
      if (Files.isDirectory(p)) {
        directory = true;
        results.addAll(directory(p, engine, requirements));
      } else if (Files.isRegularFile(p)) {
        results.add(one(f, read(p), engine, requirements));
      } else {
        throw new CommandLine.ParameterException(spec.commandLine(), "no such file or directory: " + f);
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    switch (format) {
      case "json" -> out.print(Reports.json(results, verbose));
      case "sarif" -> out.print(Reports.sarif(results, verbose));
      default -> out.print(Reports.text(results, verbose, directory));
    }
    out.flush();
    // Findings that need device information are not failures, but the report lists them apart.
    return results.stream().allMatch(r -> r.diagnostics().stream().noneMatch(Diagnostic::isError)) ? 0 : 1;
  }

  private Optional<DeviceProfile> profile() {
    if (profileFile == null) {
      if (profileName != null) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--profile-name needs --profile");
      }
      return Optional.empty();
    }
    try {
      return Optional.of(ProfileReader.read(profileFile, profileName));
    } catch (ProfileException e) {
      // bad input, not bad usage: one line (Main prints "vkrules: ..."), exit 2, no usage text
      throw new IllegalArgumentException(e.getMessage());
    }
  }

  private List<FileResult> directory(Path dir, Engine engine, RequirementCheck requirements) {
    List<Path> spv;
    try (Stream<Path> walk = Files.walk(dir)) {
      spv = walk.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".spv")).sorted().toList();
    } catch (IOException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), "cannot list " + dir + ": " + e.getMessage());
    }
    // Parallel over files; results keep the sorted order, so output is deterministic.
    return spv.parallelStream().map(p -> one(p.toString(), read(p), engine, requirements)).toList();
  }

  private FileResult one(String name, byte[] bytes, Engine engine, RequirementCheck requirements) {
    Validator.ValidationResult r = Validator.validate(ByteBuffer.wrap(bytes), engine, requirements);
    return new FileResult(name, r.diagnostics(), r.malformed(), bytes);
  }

  private byte[] read(Path p) {
    try {
      return Files.readAllBytes(p);
    } catch (IOException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), "cannot read " + p + ": " + e.getMessage());
    }
  }

  private byte[] readStdin() {
    try {
      return System.in.readAllBytes();
    } catch (IOException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), "cannot read standard input: " + e.getMessage());
    }
  }
}
