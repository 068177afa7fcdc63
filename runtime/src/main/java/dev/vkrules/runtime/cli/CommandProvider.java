package dev.vkrules.runtime.cli;

import java.util.List;

/**
 * More subcommands for {@code vkrules}, found with {@link java.util.ServiceLoader}.
 *
 * <p>The runtime knows validate, as, dis and profile-check. The maintainers' commands
 * (extract, diff, coverage, tables, rule-check) need the generator (AsciidoctorJ, JavaPoet);
 * the {@code tools} module provides them when it is on the class path, so the runtime
 * never imports the generator and its jar runs without it.
 */
public interface CommandProvider {
  /** Picocli command objects ({@code @Command}-annotated), added as subcommands in this order. */
  List<Object> commands();
}
