package dev.vkrules.generator.rules;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code resource} operator: {@code {path: Base, resource: [uniform-buffer]}} holds when
 * the value is a module-scope variable of one of these resource types of the Vulkan
 * specification's "Shader Resource and Storage Class Correspondence" table. The runtime's
 * {@code ResourceType} classifies; its constants are these names in upper snake case.
 */
final class ResourceTests {
  static final ClassName RESOURCE_TYPE = CompileContext.rt("ResourceType");

  /** The table's resource types, as rules spell them. */
  static final Set<String> NAMES = new TreeSet<>(List.of("sampler", "sampled-image", "storage-image",
      "combined-image-sampler", "uniform-texel-buffer", "storage-texel-buffer", "uniform-buffer", "storage-buffer",
      "input-attachment", "acceleration-structure", "sample-weight-image", "block-matching-image", "storage-tensor"));

  private ResourceTests() {}

  static CodeBlock compile(CodeBlock value, YNode arg) {
    CodeBlock.Builder b = CodeBlock.builder().add("f.resource($L", value);
    for (YNode n : ValueTests.items(arg)) {
      String name = PredicateCompiler.scalar(n);
      if (!NAMES.contains(name)) {
        throw new RuleError(n.pos(), "unknown resource type '" + name + "'" + Suggest.didYouMean(name, NAMES));
      }
      b.add(", $T.$L", RESOURCE_TYPE, name.toUpperCase(Locale.ROOT).replace('-', '_'));
    }
    return b.add(")").build();
  }
}
