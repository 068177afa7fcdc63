package dev.vkrules.runtime.spirv.debug;

/**
 * What a finding is about, by name: a {@code kind} ({@code variable}, {@code member},
 * {@code function}, {@code entry point}, {@code type}) and the {@code name} the module gives it
 * ({@code OpName}, {@code OpMemberName} as {@code Block.member}, or a debug-information name).
 */
public record Subject(String kind, String name) {
  /** {@code variable 'tile'}. */
  @Override
  public String toString() {
    return kind + " '" + name + "'";
  }
}
