package dev.vkrules.runtime.fuzz;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.model.ModuleModel;
import dev.vkrules.runtime.spirv.ParseResult;
import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.text.Disassembler;
import java.util.Set;

/**
 * One fuzz input through everything that reads untrusted modules: the toolkit's parser and
 * module model, the disassembler, and {@link Validator} for every target (the engine with all
 * generated checkers, native predicates and the capability/extension requirements). A crash
 * is any exception, or a diagnostic that reports an internal error instead of a verdict.
 *
 * <p>Returns the input's features, a cheap stand-in for coverage that steers the fuzz loop:
 * the parser's first problem with its numbers blanked ("missing operand" vs "bad string"),
 * and each VUID the validator reported.
 */
final class FuzzTarget {
  private FuzzTarget() {}

  /**
   * Runs one input. {@code round} picks the target the validator runs for (round-robin, so a
   * long run covers every target's checkers at a quarter of the cost); -1 runs all targets.
   */
  static void run(byte[] bytes, Set<String> features, long round) {
    ParseResult r = SpirvParser.parse(bytes);
    ModuleModel.build(r.module());
    if (r.ok()) {
      Disassembler.disassemble(r.module(), true, true);
    } else {
      features.add("parse: " + r.firstError().replaceAll("\\d+", "N"));
    }
    Target[] all = Target.values();
    for (Target t : round < 0 ? all : new Target[] {all[(int) (round % all.length)]}) {
      Validator.ValidationResult v = Validator.validate(bytes, t);
      for (Diagnostic d : v.diagnostics()) {
        if (d.message().toLowerCase(java.util.Locale.ROOT).contains("internal error")) {
          throw new IllegalStateException("validator reported an internal error: " + d.headline());
        }
        features.add(v.malformed() ? "malformed: " + d.message().replaceAll("\\d+", "N") : d.vuid());
      }
    }
  }
}
