package dev.vkrules.runtime.pipeline;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A stage's SPIR-V module: a file ({@code "module": "a.vert.spv"}, resolved against the
 * description's folder), code a Fossilize capture embeds (base64 {@code code} of its
 * {@code shaderModules} entry), or an entry of a Fossilize archive, read and decoded only when
 * {@link #bytes()} is asked (so an archive's modules are never all in memory).
 *
 * @param name how reports name it: the path as written, or {@code capture.json shaderModules[HASH]}
 * @param file the file to read, or null
 * @param code the embedded code, or null
 * @param loader reads the code on demand (an archive's entry), or null
 * @param identity the module's Fossilize hash (16 hex digits, a hash of its code and flags) when a
 *     capture names it so, else null: the same identity is the same module, for a step that
 *     checks each module once
 */
public record ShaderModule(String name, Path file, byte[] code, Loader loader, String identity) {
  /** Reads a module's code when it is validated. */
  @FunctionalInterface
  public interface Loader {
    byte[] load() throws IOException;
  }

  /** A module file, or embedded code. */
  public ShaderModule(String name, Path file, byte[] code) {
    this(name, file, code, null, null);
  }

  /** The module's bytes. */
  public byte[] bytes() throws IOException {
    return code != null ? code.clone() : loader != null ? loader.load()
        : dev.vkrules.runtime.InputFiles.read(file, dev.vkrules.runtime.InputFiles.MAX_MODULE, "a module");
  }

  /** Modules are equal when they name the same code: name, file, embedded code and identity (a loader reads what they name). */
  @Override
  public boolean equals(Object o) {
    return o instanceof ShaderModule m && name.equals(m.name) && java.util.Objects.equals(file, m.file)
        && java.util.Arrays.equals(code, m.code) && java.util.Objects.equals(identity, m.identity);
  }

  @Override
  public int hashCode() {
    return name.hashCode();
  }

  @Override
  public String toString() {
    return name;
  }
}
