package dev.vkrules.tools;

import com.palantir.javapoet.JavaFile;
import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.rules.CheckCompiler;
import dev.vkrules.generator.rules.CheckerEmitter;
import dev.vkrules.generator.rules.RuleGrammar;
import dev.vkrules.generator.rules.RuleFile;
import dev.vkrules.generator.rules.RuleLoader;
import dev.vkrules.generator.rules.RuntimeRulesEmitter;
import dev.vkrules.generator.rules.Tables;
import dev.vkrules.runtime.cli.Main;
import dev.vkrules.runtime.engine.Checker;
import dev.vkrules.runtime.engine.ExampleRunner;
import dev.vkrules.runtime.engine.Oracle;
import dev.vkrules.runtime.engine.OracleLocator;
import dev.vkrules.runtime.rules.CheckerRegistry;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

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
        err.println("vkrules rule-check: " + search.message());
        return Main.EXIT_USAGE;
      }
      spirvTools = search.oracle().orElseThrow();
      out.println("oracle: " + spirvTools.describe());
    }
    RuleGrammar grammar = RuleGrammar.load(specSources);
    CheckCompiler compiler = new CheckCompiler(grammar, new Tables(tables));
    int failures = 0;
    for (Path file : files) {
      RuleFile rule;
      Checker checker;
      try {
        if (!Files.isRegularFile(file)) {
          throw new GeneratorException("no such rule file: " + file);
        }
        rule = RuleLoader.load(file, file);
        if (!rule.executable()) {
          out.println(file + ": status " + rule.authored().status() + ", nothing to check");
          continue;
        }
        JavaFile java = CheckerEmitter.emit(rule, RuntimeRulesEmitter.compile(compiler, rule));
        String name = java.packageName() + "." + java.typeSpec().name();
        Map<String, Class<?>> classes = InMemoryJava.compile(Map.of(name, java.toString()));
        checker = (Checker) classes.get(name).getDeclaredConstructor().newInstance();
      } catch (GeneratorException e) {
        err.println("vkrules rule-check: " + e.getMessage());
        return Main.EXIT_USAGE;
      }
      List<Checker> all = new ArrayList<>();
      for (Checker c : CheckerRegistry.all()) {
        if (!c.info().vuid().equals(rule.vuid())) {
          all.add(c);
        }
      }
      all.add(checker);
      out.println(file + ": " + rule.authored().status() + ", compiled");
      failures += run(out, rule, all, rule.authored().invalid(), true);
      failures += run(out, rule, all, rule.authored().valid(), false);
    }
    if (oracle && disagreements > 0) {
      out.println(disagreements + " example(s) where spirv-val disagrees: fix the example or give its spirv-val reason");
    }
    out.println(failures == 0 ? "all examples pass" : failures + " example(s) failed");
    return failures == 0 && disagreements == 0 ? 0 : 1;
  }

  private int run(PrintWriter out, RuleFile rule, List<Checker> all, List<RuleFile.Example> examples, boolean invalid) {
    int failures = 0;
    for (int i = 0; i < examples.size(); i++) {
      RuleFile.Example e = examples.get(i);
      ExampleRunner.Outcome o = ExampleRunner.run(all, rule.vuid(), rule.conditionString(), invalid, e.targetEnv(),
          e.asm(), e.deviceJson(tables), e.also());
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
