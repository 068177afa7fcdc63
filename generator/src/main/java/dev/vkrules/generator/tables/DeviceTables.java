package dev.vkrules.generator.tables;

import java.nio.file.Path;
import java.util.List;

/**
 * Tables computed from device descriptions ({@code vkrules tables --profile ...}). Reading a
 * description is the runtime's work, which the generator cannot depend on, so the {@code tools}
 * module supplies the implementation; without it the option is refused.
 */
public interface DeviceTables {
  /** The tables for the devices {@code profiles} (files or directories of them) describe. */
  List<PublishedTable> build(RuleTables tables, List<Path> profiles, String profileName);
}
