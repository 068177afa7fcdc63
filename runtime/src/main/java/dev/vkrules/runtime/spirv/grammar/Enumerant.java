package dev.vkrules.runtime.spirv.grammar;

import java.util.Arrays;
import java.util.List;

/**
 * A named value of a ValueEnum or BitEnum operand kind, with what it requires.
 *
 * <p>{@link #capabilities()} holds Capability values (see the generated {@code Capability}
 * constants); any one of them enables the enumerant. {@link #version()} and
 * {@link #lastVersion()} use {@link Versions}.
 */
public final class Enumerant {
  private final String name;
  private final String[] aliases;
  private final int value;
  private final int[] capabilities;
  private final String[] extensions;
  private final int version;
  private final int lastVersion;
  private final OperandSpec[] parameters;

  Enumerant(String name, String[] aliases, int value, int[] capabilities, String[] extensions, int version,
      int lastVersion, OperandSpec[] parameters) {
    this.name = name;
    this.aliases = aliases;
    this.value = value;
    this.capabilities = capabilities;
    this.extensions = extensions;
    this.version = version;
    this.lastVersion = lastVersion;
    this.parameters = parameters;
  }

  public String name() {
    return name;
  }

  /** Other names of this value (the grammar's {@code aliases}); {@link #name()} is the printed one. */
  public List<String> aliases() {
    return List.of(aliases);
  }

  public int value() {
    return value;
  }

  public int[] capabilities() {
    return capabilities.clone();
  }

  public boolean requiresCapability(int capability) {
    for (int c : capabilities) {
      if (c == capability) {
        return true;
      }
    }
    return false;
  }

  public List<String> extensions() {
    return List.of(extensions);
  }

  public int version() {
    return version;
  }

  public int lastVersion() {
    return lastVersion;
  }

  /** The operands that follow this enumerant when it is used (for a mask, per set bit). */
  public List<OperandSpec> parameters() {
    return Arrays.asList(parameters);
  }

  public int parameterCount() {
    return parameters.length;
  }

  public OperandSpec parameter(int index) {
    return parameters[index];
  }

  @Override
  public String toString() {
    return name + "=" + value;
  }
}
