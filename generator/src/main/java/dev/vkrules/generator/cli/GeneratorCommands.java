package dev.vkrules.generator.cli;

import dev.vkrules.generator.audit.CoverageCommand;
import dev.vkrules.generator.audit.DiffCommand;
import java.util.List;

/**
 * The subcommands that need the generator (AsciidoctorJ, the XML reader, JavaPoet).
 *
 * <p>The runtime's {@code vkrules} command gets these through the {@code tools} module's
 * {@code CommandProvider} (a {@link java.util.ServiceLoader} service): the runtime cannot
 * depend on the generator (the generator produces the runtime's sources), and a
 * runtime-only install simply lacks them.
 */
public final class GeneratorCommands {
  private GeneratorCommands() {}

  public static List<Object> commands() {
    return commands(null);
  }

  /** The commands, {@code tables} reading device descriptions with {@code deviceTables} (null: it cannot). */
  public static List<Object> commands(dev.vkrules.generator.tables.DeviceTables deviceTables) {
    return List.of(new ExtractCommand(), new DiffCommand(), new CoverageCommand(), new TablesCommand(deviceTables));
  }
}
