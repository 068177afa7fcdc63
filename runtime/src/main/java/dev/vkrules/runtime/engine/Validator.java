package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.rules.CheckerRegistry;
import dev.vkrules.runtime.spirv.ParseResult;
import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.text.Disassembler;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The library API: validates one SPIR-V module for a target and returns the diagnostics.
 *
 * <pre>{@code
 * ValidationResult r = Validator.validate(bytes, Target.VULKAN_1_3);
 * if (!r.ok()) r.diagnostics().forEach(d -> System.err.println(d.headline()));
 * }</pre>
 */
public final class Validator {
  private static final Map<Target, Engine> ENGINES = new ConcurrentHashMap<>();

  private Validator() {}

  /** The outcome: diagnostics sorted by word offset then VUID; ok when there are none. */
  public record ValidationResult(List<Diagnostic> diagnostics, boolean malformed) {
    public boolean ok() {
      return diagnostics.isEmpty();
    }
  }

  public static ValidationResult validate(byte[] module, Target target) {
    return validate(ByteBuffer.wrap(module), target);
  }

  public static ValidationResult validate(ByteBuffer module, Target target) {
    return validate(module, engine(target));
  }

  /** The engine with every generated checker applicable to the target (shared, thread-safe). */
  public static Engine engine(Target target) {
    return ENGINES.computeIfAbsent(target, t -> new Engine(CheckerRegistry.all(), t));
  }

  public static ValidationResult validate(ByteBuffer module, Engine engine) {
    ModuleIndex m;
    try {
      m = ModuleIndex.of(module);
    } catch (MalformedModuleException e) {
      return new ValidationResult(List.of(new Diagnostic("", e.getMessage(), "", -1, "")), true);
    }
    if (Integer.compareUnsigned(m.version(), engine.target().maxSpirvVersion()) > 0) {
      return new ValidationResult(List.of(new Diagnostic("", "SPIR-V version " + version(m.version())
          + " is not allowed for " + engine.target().envName() + " (at most " + version(engine.target().maxSpirvVersion())
          + ") at word 1", "", 1, "")), true);
    }
    List<Report.Failure> failures = engine.run(m);
    if (failures.isEmpty()) {
      return new ValidationResult(List.of(), false);
    }
    // Only a module with findings is parsed a second time, by the toolkit, to print them.
    ParseResult parsed = SpirvParser.parse(m.words);
    Disassembler printer = parsed.ok() ? Disassembler.forDiagnostics(parsed.module()) : null;
    List<Diagnostic> out = new ArrayList<>();
    for (Report.Failure f : failures) {
      int index = printer == null ? -1 : parsed.module().instructionAt(f.offset());
      String text = index >= 0 ? printer.line(index) : Opcodes.name(m.words[f.offset()] & 0xffff);
      out.add(new Diagnostic(f.rule().vuid(), f.rule().message(), text, f.offset(), f.rule().text()));
    }
    return new ValidationResult(List.copyOf(out), false);
  }

  static String version(int v) {
    return ((v >>> 16) & 0xff) + "." + ((v >>> 8) & 0xff);
  }
}
