package dev.vkrules.generator.rules;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Which enumerants of an operand kind a Vulkan module may use, from data: an enumerant is
 * enabled when one of the capabilities the SPIR-V grammar lists for it is a capability
 * vk.xml enables ({@code rules/tables/capabilities.yaml}), or, when it needs no capability,
 * when it needs no extension or one vk.xml enables ({@code rules/tables/extensions.yaml}).
 * Aliases share a value, so a value is enabled when any of its names is. For BuiltIn this
 * reproduces the list of the interfaces chapter's "Built-In Variables" except for built-ins
 * that need only an enabled capability yet are not listed there (VertexId), so a check
 * built on it never reports a listed built-in.
 */
final class VulkanEnabled {
  private final Path tables;

  VulkanEnabled(Path tables) {
    this.tables = tables;
  }

  /** The enabled values of a kind, sorted. */
  SortedSet<Long> values(RuleGrammar grammar, String kind) {
    Set<String> capabilities = names("capabilities");
    Set<String> extensions = names("extensions");
    SortedSet<Long> out = new TreeSet<>();
    for (RuleGrammar.Enumerant e : grammar.kinds().get(kind).enumerants().values()) {
      boolean enabled = e.capabilities().isEmpty()
          ? e.extensions().isEmpty() || e.extensions().stream().anyMatch(extensions::contains)
          : e.capabilities().stream().anyMatch(capabilities::contains);
      if (enabled) {
        out.add(e.value());
      }
    }
    return out;
  }

  /** The {@code name:} entries of {@code rules/tables/<list>.yaml} (the list under key {@code list}). */
  private Set<String> names(String list) {
    Path file = tables == null ? null : tables.resolve(list + ".yaml");
    if (file == null || !Files.isRegularFile(file)) {
      throw new GeneratorException("enabled-in-vulkan needs " + (file == null ? list + ".yaml" : file)
          + ", the table vkrules extract writes from vk.xml");
    }
    try {
      YNode root = YamlReader.read(file.toString(), Files.readString(file));
      Set<String> out = new TreeSet<>();
      if (root instanceof YNode.Map m && m.get(list) instanceof YNode.Seq seq) {
        for (YNode item : seq.items()) {
          if (item instanceof YNode.Map entry && entry.get("name") instanceof YNode.Scalar n && n.text() != null) {
            out.add(n.text());
          }
        }
      }
      if (out.isEmpty()) {
        throw new GeneratorException(file + ": no '" + list + "' names");
      }
      return out;
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + file + ": " + e.getMessage());
    }
  }
}
