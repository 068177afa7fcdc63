package dev.vkrules.tools;

import com.palantir.javapoet.JavaFile;
import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.rules.CheckCompiler;
import dev.vkrules.generator.rules.CheckerEmitter;
import dev.vkrules.generator.rules.RuleFile;
import dev.vkrules.generator.rules.RuleGrammar;
import dev.vkrules.generator.rules.RuleLoader;
import dev.vkrules.generator.rules.RuntimeRulesEmitter;
import dev.vkrules.generator.rules.Tables;
import dev.vkrules.runtime.cli.Main;
import dev.vkrules.runtime.engine.Checker;
import dev.vkrules.runtime.support.ExampleRunner;
import dev.vkrules.runtime.support.Oracle;
import dev.vkrules.runtime.support.OracleLocator;
import dev.vkrules.runtime.rules.CheckerRegistry;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code vkrules rule-check}: the authoring loop for one rule file. Type-checks and compiles
 * its check in memory (no Maven build), then runs its examples with every built-in checker
 * plus this one: invalid examples must raise exactly the rule's VUID, valid ones nothing.
 * With {@code --oracle}, also runs {@code spirv-val} on each example.
 */
@Command(name = "rule-check", mixinStandardHelpOptions = true,
    description = {"Compiles rule files and runs their examples (the authoring loop).",
        "Exit 0 when every example passes, 1 when one fails, 2 for a rule file error."})
public final class RuleCheckCommand implements Callable<Integer> {
  @Option(names = "--spec-sources", paramLabel = "DIR", defaultValue = "spec-sources",
      description = "the spec sources (for the SPIR-V grammar; default: ${DEFAULT-VALUE})")
  Path specSources;

  @Option(names = "--tables", paramLabel = "DIR", defaultValue = "rules/tables",
      description = "the extracted tables (default: ${DEFAULT-VALUE})")
  Path tables;

  @Option(names = "--oracle", description = {"also run spirv-val --target-env on every example, with the SPIRV-Tools",
      "that matches the pinned spec (" + OracleLocator.ENV + "=DIR, ../shared/oracle/, PATH)"})
  boolean oracle;

  private Oracle spirvTools;

  private int disagreements;

  @Option(names = "--fresh-after", paramLabel = "FILE", description = {
      "rule files under the tables' rules directory modified after FILE are compiled from their files",
      "instead of taken from the build, and built checkers whose rule file is gone are left out",
      "(./vkrules passes its build stamp, as it runs rule-check without rebuilding)"})
  Path freshAfter;

  @Parameters(paramLabel = "RULE", arity = "1..*", description = "rule files (rules/standalone/VUID-....yaml)")
  List<Path> files;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (oracle) {
      OracleLocator.Search search = OracleLocator.locate(specSources.toAbsolutePath().normalize().getParent());
      if (!search.found()) {
        err.println("vkrules: " + search.message());
        return Main.EXIT_USAGE;
      }
      spirvTools = search.oracle().orElseThrow();
      out.println("oracle: " + spirvTools.describe());
    }
    RuleGrammar grammar = RuleGrammar.load(specSources);
    CheckCompiler compiler = new CheckCompiler(grammar, new Tables(tables));
    // The rules under test, compiled from their files: an error in one stops the command.
    Map<String, RuleFile> tested = new LinkedHashMap<>();
    Map<String, Checker> fresh = new LinkedHashMap<>();
    try {
      for (Path file : files) {
        if (!Files.isRegularFile(file)) {
          throw new GeneratorException("no such rule file: " + file);
        }
        RuleFile rule = RuleLoader.load(file, file);
        tested.put(file.toString(), rule);
        // A rule under test without a check also replaces its built checker: by nothing.
        fresh.put(rule.vuid(), null);
      }
      fresh.putAll(compile(compiler, tested.values().stream().filter(RuleFile::executable).toList()));
    } catch (GeneratorException e) {
      err.println("vkrules: " + e.getMessage());
      return Main.EXIT_USAGE;
    }
    List<Checker> all = checkers(compiler, fresh, out, err);
    int failures = 0;
    for (Map.Entry<String, RuleFile> e : tested.entrySet()) {
      RuleFile rule = e.getValue();
      if (!rule.executable()) {
        out.println(e.getKey() + ": status " + rule.authored().status() + ", nothing to check");
        continue;
      }
      out.println(e.getKey() + ": " + rule.authored().status() + ", compiled");
      failures += run(out, rule, all, rule.authored().invalid(), true);
      failures += run(out, rule, all, rule.authored().valid(), false);
    }
    if (oracle && disagreements > 0) {
      out.println(disagreements + " example(s) where spirv-val disagrees: fix the example or give its spirv-val reason");
    }
    out.println(failures == 0 ? "all examples pass" : failures + " example(s) failed");
    return failures == 0 && disagreements == 0 ? 0 : 1;
  }

  /** Emits and compiles {@code rules} in memory (one javac call); the checkers by VUID. */
  private static Map<String, Checker> compile(CheckCompiler compiler, List<RuleFile> rules) throws Exception {
    if (rules.isEmpty()) {
      return Map.of();
    }
    Map<String, String> sources = new TreeMap<>();
    Map<String, String> vuids = new TreeMap<>();
    for (RuleFile rule : rules) {
      JavaFile java = CheckerEmitter.emit(rule, RuntimeRulesEmitter.compile(compiler, rule));
      String name = java.packageName() + "." + java.typeSpec().name();
      sources.put(name, java.toString());
      vuids.put(name, rule.vuid());
    }
    Map<String, Checker> out = new LinkedHashMap<>();
    for (Map.Entry<String, Class<?>> c : InMemoryJava.compile(sources).entrySet()) {
      out.put(vuids.get(c.getKey()), (Checker) c.getValue().getDeclaredConstructor().newInstance());
    }
    return out;
  }

  /**
   * Every checker the examples run with: the rules under test ({@code tested}, compiled here),
   * then with {@code --fresh-after} the other rule files changed since the build (compiled
   * here too), then the built checkers of every other rule. Prints which is which.
   */
  private List<Checker> checkers(CheckCompiler compiler, Map<String, Checker> tested, PrintWriter out,
      PrintWriter err) throws Exception {
    Map<String, Checker> changed = new TreeMap<>();
    List<String> gone = new ArrayList<>();
    Path rulesDir = tables.toAbsolutePath().normalize().getParent();
    if (freshAfter != null && rulesDir != null) {
      FileTime stamp = Files.getLastModifiedTime(freshAfter);
      List<RuleFile> rules = new ArrayList<>();
      for (String section : List.of("standalone", "runtime")) {
        Path dir = rulesDir.resolve(section);
        if (!Files.isDirectory(dir)) {
          continue;
        }
        try (Stream<Path> list = Files.list(dir)) {
          for (Path p : list.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
            if (Files.getLastModifiedTime(p).compareTo(stamp) <= 0) {
              continue;
            }
            // A rule being edited elsewhere must not stop this check: its built checker stays.
            try {
              RuleFile rule = RuleLoader.load(p, p);
              if (rule.executable()) {
                RuntimeRulesEmitter.compile(compiler, rule);
              }
              if (!tested.containsKey(rule.vuid())) {
                if (rule.executable()) {
                  rules.add(rule);
                } else {
                  changed.put(rule.vuid(), null);
                }
              }
            } catch (GeneratorException e) {
              err.println("vkrules: warning: " + e.getMessage() + "; the last build's checker of it, if any, is used");
            }
          }
        }
      }
      try {
        changed.putAll(compile(compiler, rules));
      } catch (GeneratorException | IllegalStateException e) {
        err.println("vkrules: warning: rules changed since the build do not compile (" + e.getMessage()
            + "); their built checkers are used");
        changed.clear();
      }
    }
    List<Checker> all = new ArrayList<>();
    int built = 0;
    for (Checker c : CheckerRegistry.all()) {
      String vuid = c.info().vuid();
      if (tested.containsKey(vuid) || changed.containsKey(vuid)) {
        continue;
      }
      // rules/standalone/X.yaml: a rule file removed since the build no longer checks anything.
      Path source = Path.of(c.info().file());
      if (freshAfter != null && rulesDir != null && source.getNameCount() >= 2
          && !Files.isRegularFile(rulesDir.resolve(source.subpath(source.getNameCount() - 2, source.getNameCount())))) {
        gone.add(vuid);
        continue;
      }
      all.add(c);
      built++;
    }
    changed.values().stream().filter(Objects::nonNull).forEach(all::add);
    tested.values().stream().filter(Objects::nonNull).forEach(all::add);
    out.println("checkers: " + tested.values().stream().filter(Objects::nonNull).count() + " compiled from the rule file(s) checked"
        + (changed.isEmpty() ? "" : ", " + changed.size() + " from rule files changed since the build" + names(changed.keySet()))
        + (gone.isEmpty() ? "" : ", " + gone.size() + " left out (rule file gone)" + names(gone))
        + ", " + built + " built");
    return all;
  }

  /** A few names, for one line: " [A, B, C, and 7 more]". */
  private static String names(java.util.Collection<String> all) {
    List<String> list = List.copyOf(all);
    return " " + (list.size() <= 3 ? list.toString()
        : "[" + String.join(", ", list.subList(0, 3)) + " and " + (list.size() - 3) + " more]");
  }

  private int run(PrintWriter out, RuleFile rule, List<Checker> all, List<RuleFile.Example> examples, boolean invalid) {
    int failures = 0;
    for (int i = 0; i < examples.size(); i++) {
      RuleFile.Example e = examples.get(i);
      ExampleRunner.Outcome o = ExampleRunner.run(all, rule.vuid(), rule.conditionString(), invalid, e.targetEnv(),
          e.asm(), e.deviceJson(tables), e.pipelineJson(), e.also());
      String label = (invalid ? "invalid " : "valid ") + i + " (line " + e.pos().line() + ", " + o.target().envName() + ")";
      out.println("  " + label + ": " + (o.passed() ? "ok" : "FAIL: " + o.problem()));
      if (!o.passed()) {
        failures++;
      }
      if (oracle) {
        Oracle.Verdict v = spirvTools.run(e.asm(), o.target());
        out.println("    spirv-val: " + Oracle.describe(v, rule.vuid(), invalid)
            + (e.spirvVal() != null ? " (reason given: " + e.spirvVal() + ")" : ""));
        // A valid example spirv-val rejects, or an invalid one it rejects for another reason
        // without a recorded explanation, breaks something else too.
        boolean rejectsOtherwise = invalid && !v.accepted() && !v.output().contains(rule.vuid());
        if ((!invalid && !v.accepted()) || (rejectsOtherwise && e.spirvVal() == null)) {
          disagreements++;
        }
      }
    }
    return failures;
  }
}
