package dev.vkrules.generator.cli;

import dev.vkrules.generator.audit.CoverageCommand;
import dev.vkrules.generator.audit.DiffCommand;
import java.util.List;

/**
 * The subcommands that need the generator (AsciidoctorJ, the XML reader, JavaPoet).
 *
 * <p>The runtime's {@code vkrules} command adds these when the generator is on the class
 * path; a runtime-only install simply lacks them. The runtime cannot depend on the
 * generator at compile time (the generator produces the runtime's sources), hence the
 * look-up by name in {@code dev.vkrules.runtime.cli.Main}.
 */
public final class GeneratorCommands {
  private GeneratorCommands() {}

  public static List<Object> commands() {
    return List.of(new ExtractCommand(), new DiffCommand(), new CoverageCommand(), new TablesCommand());
  }
}
