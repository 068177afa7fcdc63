package dev.vkrules.generator;

import com.palantir.javapoet.JavaFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Build-time entry point: runs the JavaPoet emitters of one target and writes their files.
 *
 * <p>Called by the runtime and generated-tests POMs (exec-maven-plugin). Emitters are pure;
 * this class is the only one that touches disk. Output goes to a sibling temporary
 * directory first and replaces {@code --out} only when every emitter succeeded.
 */
public final class GenerateMain {
  private GenerateMain() {}

  /** Emitters per target, in a fixed order. Register new output kinds here. */
  static Map<String, List<Emitter>> targets() {
    Map<String, List<Emitter>> targets = new TreeMap<>();
    List<Emitter> runtime = new ArrayList<>();
    runtime.add(new dev.vkrules.generator.grammar.GrammarDataEmitter());
    runtime.add(new dev.vkrules.generator.grammar.GrammarConstantsEmitter());
    runtime.add(new dev.vkrules.generator.grammar.GeneratorToolsEmitter());
    runtime.add(new dev.vkrules.generator.rules.RuntimeRulesEmitter());
    runtime.add(new dev.vkrules.generator.rules.RuleCatalogEmitter());
    runtime.add(new dev.vkrules.generator.requirements.RequirementTablesEmitter());
    runtime.add(new dev.vkrules.generator.requirements.MemberEquivalencesEmitter());
    runtime.add(new dev.vkrules.generator.requirements.DeviceStructsEmitter());
    runtime.add(new dev.vkrules.generator.requirements.PipelineTypesEmitter());
    runtime.add(new dev.vkrules.generator.requirements.StructProvidersEmitter());
    runtime.add(new dev.vkrules.generator.requirements.ExtensionNamesEmitter());
    runtime.add(new dev.vkrules.generator.requirements.ShaderModuleVuidsEmitter());
    runtime.add(new dev.vkrules.generator.requirements.PipelineVuidsEmitter());
    runtime.add(new dev.vkrules.generator.requirements.ApiVersionsEmitter());
    targets.put("runtime", runtime);
    List<Emitter> tests = new ArrayList<>();
    tests.add(new dev.vkrules.generator.rules.RuleTestEmitter());
    tests.add(new dev.vkrules.generator.requirements.RequirementConformanceTestEmitter());
    targets.put("tests", tests);
    return targets;
  }

  public static void main(String[] args) {
    try {
      run(args);
    } catch (GeneratorException e) {
      System.err.println("vkrules generate: " + e.getMessage());
      System.exit(2);
    }
  }

  /** Runs one target; throws {@link GeneratorException} on bad input (used by tests that build a scratch tree). */
  public static void run(String[] args) {
    if (args.length == 0) {
      throw new GeneratorException("usage: GenerateMain TARGET --spec-sources=DIR --rules=DIR --out=DIR");
    }
    String target = args[0];
    Map<String, String> options = new TreeMap<>();
    for (int i = 1; i < args.length; i++) {
      String arg = args[i];
      int eq = arg.indexOf('=');
      if (!arg.startsWith("--") || eq < 0) {
        throw new GeneratorException("expected --name=value, got '" + arg + "' at argument " + (i + 1));
      }
      options.put(arg.substring(2, eq), arg.substring(eq + 1));
    }
    List<Emitter> emitters = targets().get(target);
    if (emitters == null) {
      throw new GeneratorException("unknown target '" + target + "', expected one of " + targets().keySet());
    }
    GenerationInputs inputs = new GenerationInputs(
        Path.of(require(options, "spec-sources")), Path.of(require(options, "rules")));
    List<JavaFile> files = new ArrayList<>();
    for (Emitter emitter : emitters) {
      files.addAll(emitter.emit(inputs));
    }
    writeAtomically(files, Path.of(require(options, "out")));
  }

  private static String require(Map<String, String> options, String name) {
    String value = options.get(name);
    if (value == null) {
      throw new GeneratorException("missing --" + name + "=DIR");
    }
    return value;
  }

  /** Writes all files into a fresh directory, then swaps it in place of {@code out}. */
  static void writeAtomically(List<JavaFile> files, Path out) {
    try {
      Path parent = out.toAbsolutePath().getParent();
      Files.createDirectories(parent);
      Path staging = Files.createTempDirectory(parent, out.getFileName() + ".tmp");
      for (JavaFile file : files) {
        file.writeTo(staging);
      }
      deleteTree(out);
      Files.move(staging, out, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new GeneratorException("cannot write " + out + ": " + e.getMessage());
    }
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
