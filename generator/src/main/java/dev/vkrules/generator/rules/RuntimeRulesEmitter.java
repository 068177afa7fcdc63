package dev.vkrules.generator.rules;

import com.palantir.javapoet.JavaFile;
import dev.vkrules.generator.Emitter;
import dev.vkrules.generator.GenerationInputs;
import java.util.ArrayList;
import java.util.List;

/** The "runtime" target's rule output: one checker per rule with a check, and the registry. */
public final class RuntimeRulesEmitter implements Emitter {
  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    RuleGrammar grammar = RuleGrammar.load(inputs.specSources());
    CheckCompiler compiler = new CheckCompiler(grammar, new Tables(inputs.rules().resolve("tables")));
    List<RegistryEmitter.Entry> executable = new ArrayList<>();
    List<JavaFile> files = new ArrayList<>();
    for (RuleFile rule : RuleLoader.loadAll(inputs.rules())) {
      if (rule.executable()) {
        CheckCompiler.Compiled compiled = compile(compiler, rule);
        files.add(CheckerEmitter.emit(rule, compiled));
        executable.add(new RegistryEmitter.Entry(rule, compiled));
      }
    }
    executable.sort(java.util.Comparator.comparing(e -> e.rule().vuid()));
    files.add(RegistryEmitter.emit(executable));
    return files;
  }

  /** Compiles a rule's check and checks native use against its status. */
  public static CheckCompiler.Compiled compile(CheckCompiler compiler, RuleFile rule) {
    CheckCompiler.Compiled c = compiler.compile(rule.authored().check());
    boolean isNative = rule.authored().status().equals("native");
    YNode.Pos pos = rule.authored().check().pos();
    if (isNative && !c.natives().contains(rule.authored().nativeName())) {
      throw new RuleError(pos, "status native: the check must use {native: " + rule.authored().nativeName() + "}");
    }
    if (!isNative && !c.natives().isEmpty()) {
      throw new RuleError(pos, "the check uses native predicate " + c.natives().first() + "; set status native");
    }
    return c;
  }
}
