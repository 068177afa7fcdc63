package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.spirv.ParseResult;
import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.text.Disassembler;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vkrules dis}: SPIR-V binary to assembly text, as spirv-dis writes it. */
@Command(name = "dis", mixinStandardHelpOptions = true,
    description = "Disassembles a SPIR-V binary into the text form spirv-as reads.")
public final class DisassembleCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "SPIR-V binary, or - for standard input.")
  String input;

  @Option(names = "-o", paramLabel = "FILE", description = "Output file, or - for standard output (the default).")
  String output = "-";

  @Option(names = "--raw-id", description = "Numeric ids (%%12); the default. Kept for spirv-dis compatibility.")
  boolean rawId;

  @Option(names = "--friendly-names", description = "Name ids from OpName and types (%%main, %%v4float), as spirv-dis does by default; such text assembles to a module with renumbered ids.")
  boolean friendly;

  @Option(names = "--no-header", description = "Omit the header comments (version, generator, bound).")
  boolean noHeader;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    return call(spec.commandLine().getOut(), spec.commandLine().getErr());
  }

  /** The command on these streams (picocli's, or those of {@link FastDisassemble}). */
  Integer call(java.io.PrintWriter out, java.io.PrintWriter err) {
    byte[] bytes = Io.read(input);
    ParseResult parsed = SpirvParser.parse(bytes);
    if (!parsed.ok()) {
      err.println("vkrules: " + Io.label(input) + ": " + parsed.firstError());
      return Main.EXIT_INVALID;
    }
    String text = Disassembler.disassemble(parsed.module(), friendly && !rawId, !noHeader);
    Io.write(output, text.getBytes(StandardCharsets.UTF_8), out);
    return 0;
  }
}
