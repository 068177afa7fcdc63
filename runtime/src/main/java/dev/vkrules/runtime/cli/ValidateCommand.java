package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

  @Parameters(paramLabel = "FILE", arity = "1..*",
      description = "SPIR-V binaries, directories (every .spv inside, in parallel) or - for standard input")
  List<String> files;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** The result for one input. */
  record FileResult(String name, List<Diagnostic> diagnostics, boolean malformed) {}

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
    List<FileResult> results = new ArrayList<>();
    boolean directory = false;
    for (String f : files) {
      if (f.equals("-")) {
        results.add(one("-", readStdin(), engine));
        continue;
      }
      Path p = Path.of(f);
      if (Files.isDirectory(p)) {
        directory = true;
        results.addAll(directory(p, engine));
      } else if (Files.isRegularFile(p)) {
        results.add(one(f, read(p), engine));
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
    return results.stream().allMatch(r -> r.diagnostics().isEmpty()) ? 0 : 1;
  }

  private List<FileResult> directory(Path dir, Engine engine) {
    List<Path> spv;
    try (Stream<Path> walk = Files.walk(dir)) {
      spv = walk.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".spv")).sorted().toList();
    } catch (IOException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), "cannot list " + dir + ": " + e.getMessage());
    }
    // Parallel over files; results keep the sorted order, so output is deterministic.
    return spv.parallelStream().map(p -> one(p.toString(), read(p), engine)).toList();
  }

  private FileResult one(String name, byte[] bytes, Engine engine) {
    Validator.ValidationResult r = Validator.validate(ByteBuffer.wrap(bytes), engine);
    return new FileResult(name, r.diagnostics(), r.malformed());
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
