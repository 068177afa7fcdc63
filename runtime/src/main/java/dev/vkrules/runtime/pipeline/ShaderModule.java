package dev.vkrules.runtime.pipeline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A stage's SPIR-V module: a file ({@code "module": "a.vert.spv"}, resolved against the
 * description's folder), or code a Fossilize capture embeds (base64 {@code code} of its
 * {@code shaderModules} entry).
 *
 * @param name how reports name it: the path as written, or {@code capture.json shaderModules[HASH]}
 * @param file the file to read, or null when the code is embedded
 * @param code the embedded code, or null for a file
 */
public record ShaderModule(String name, Path file, byte[] code) {
  /** The module's bytes. */
  public byte[] bytes() throws IOException {
    return code != null ? code.clone()
        : dev.vkrules.runtime.InputFiles.read(file, dev.vkrules.runtime.InputFiles.MAX_MODULE, "a module");
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ShaderModule m && name.equals(m.name) && java.util.Objects.equals(file, m.file)
        && java.util.Arrays.equals(code, m.code);
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
