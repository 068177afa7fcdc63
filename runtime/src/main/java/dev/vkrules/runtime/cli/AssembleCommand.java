package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.spirv.grammar.Versions;
import dev.vkrules.runtime.spirv.text.Assembler;
import dev.vkrules.runtime.spirv.text.AssemblyException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code vkrules as}: assembly text to a SPIR-V binary, as spirv-as reads it. */
@Command(name = "as", mixinStandardHelpOptions = true,
    description = "Assembles SPIR-V assembly text (the form spirv-dis writes) into a binary.")
public final class AssembleCommand implements Callable<Integer> {
  private static final Pattern SPV = Pattern.compile("spv1\\.([0-6])");

  @Parameters(index = "0", paramLabel = "FILE", description = "Assembly text, or - for standard input.")
  String input;

  @Option(names = "-o", paramLabel = "FILE", description = "Output file (default out.spv), or - for standard output.")
  String output = "out.spv";

  @Option(names = "--target-env", paramLabel = "ENV",
      description = "spv1.0 .. spv1.6 or vulkan1.0 .. vulkan1.4: the header version. Default: the "
          + "'; Version:' comment, else 1.6.")
  String targetEnv;

  @Option(names = "--preserve-numeric-ids", description = "Accepted for spirv-as compatibility; numeric ids are always kept.")
  boolean preserveNumericIds;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  static int version(String env) {
    Matcher s = SPV.matcher(env);
    if (s.matches()) {
      return Versions.of(1, Integer.parseInt(s.group(1)));
    }
    dev.vkrules.runtime.engine.Target vulkan = dev.vkrules.runtime.engine.Target.parse(env);
    if (vulkan != null) {
      // the highest SPIR-V version the Vulkan version allows, as validate checks it
      return vulkan.maxSpirvVersion();
    }
    throw new IllegalArgumentException("unknown target environment '" + env
        + "', expected spv1.0 .. spv1.6 or one of " + dev.vkrules.runtime.engine.Target.names());
  }

  @Override
  public Integer call() {
    int version;
    try {
      version = targetEnv == null ? -1 : version(targetEnv);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    String text = new String(Io.read(input), StandardCharsets.UTF_8);
    int[] words;
    try {
      words = Assembler.assemble(text, version);
    } catch (AssemblyException e) {
      spec.commandLine().getErr().println("vkrules: " + Io.label(input) + ": " + e.getMessage());
      return Main.EXIT_INVALID;
    }
    ByteBuffer bytes = ByteBuffer.allocate(words.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    bytes.asIntBuffer().put(words);
    Io.write(output, bytes.array(), null);
    return 0;
  }
}
