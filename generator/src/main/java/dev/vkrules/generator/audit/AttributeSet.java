package dev.vkrules.generator.audit;

import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.extract.Condition;
import dev.vkrules.generator.extract.Directive;
import dev.vkrules.generator.requirements.ApiVersions;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The attribute set a spec build would define: Vulkan versions up to one target, plus
 * extensions (all of them, as the appendix's standalone rules assume, or a named subset).
 *
 * <p>Evaluates the ifdef/ifndef stack that guards a VUID with AsciiDoc's semantics:
 * {@code a,b} holds when any attribute is set, {@code a+b} when all are, {@code ifndef}
 * inverts, and a stack holds when every entry holds. Which attributes are versions comes from
 * the registry's version blocks ({@link ApiVersions}): {@code VK_VERSION_1_2} and, since
 * 1.4.3xx, {@code VK_COMPUTE_VERSION_1_2} are set from vulkan1.2 on, while a block of
 * another API ({@code VKSC_VERSION_1_0}, Vulkan SC) is never set; every other attribute
 * counts as an extension.
 */
public final class AttributeSet {
  /**
   * The environments the CLI accepts, oldest first: the Vulkan versions of the registry
   * (a test checks this list against the pinned vk.xml).
   */
  public static final List<String> ENVIRONMENTS =
      List.of("vulkan1.0", "vulkan1.1", "vulkan1.2", "vulkan1.3", "vulkan1.4");

  private static final Pattern ENV = Pattern.compile("vulkan(\\d+)\\.(\\d+)");

  private final int major;
  private final int minor;
  /** Null means every extension attribute is set. */
  private final SortedSet<String> extensions;
  private final ApiVersions versions;

  private AttributeSet(int major, int minor, SortedSet<String> extensions, ApiVersions versions) {
    this.major = major;
    this.minor = minor;
    this.extensions = extensions;
    this.versions = versions;
  }

  /** A target with every extension attribute set. */
  public static AttributeSet of(String env, ApiVersions versions) {
    return parse(env, null, versions);
  }

  /**
   * A target for {@code env} (e.g. {@code vulkan1.2}); {@code extensions} null sets every
   * extension attribute, otherwise exactly the named ones.
   */
  public static AttributeSet parse(String env, Set<String> extensions, ApiVersions versions) {
    Matcher m = ENV.matcher(env);
    if (!m.matches() || !ENVIRONMENTS.contains(env)) {
      throw new GeneratorException("unknown target environment '" + env + "', expected one of "
          + String.join(", ", ENVIRONMENTS));
    }
    SortedSet<String> exts = null;
    if (extensions != null) {
      exts = new TreeSet<>();
      for (String e : extensions) {
        if (versions.isVersion(e)) {
          throw new GeneratorException("'" + e + "' is a version, not an extension; use --target-env");
        }
        exts.add(e);
      }
    }
    return new AttributeSet(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), exts, versions);
  }

  /** The same version with another extension set (null: all extensions). */
  public AttributeSet withExtensions(Set<String> names) {
    return parse(env(), names, versions);
  }

  public String env() {
    return String.format(Locale.ROOT, "vulkan%d.%d", major, minor);
  }

  /** Whether one attribute is set for this target. */
  public boolean isSet(String attribute) {
    ApiVersions.Block block = versions.blocks().get(attribute);
    if (block != null) {
      return block.definedFor(ApiVersions.VULKAN, major, minor);
    }
    return extensions == null || extensions.contains(attribute);
  }

  /** Whether content guarded by the whole stack (outermost first) is included. */
  public boolean includes(List<Conditional> stack) {
    for (Conditional c : stack) {
      if (!holds(c)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether one directive includes its content. The AsciiDoc semantics are the extractor's
   * ({@link Condition#holds}); this class only decides which attributes the target sets.
   */
  public boolean holds(Conditional c) {
    Condition condition = new Condition(c.ifndef() ? Directive.IFNDEF : Directive.IFDEF, c.expression(), 0);
    Set<String> defined = new HashSet<>();
    for (String attribute : condition.attributes()) {
      if (isSet(attribute.trim())) {
        defined.add(attribute);
      }
    }
    return condition.holds(defined);
  }

  /** Whether an attribute name is a version attribute (of any API), not an extension. */
  public boolean isVersionAttribute(String attribute) {
    return versions.isVersion(attribute);
  }

  /** Every attribute named in a stack, sorted. */
  public static SortedSet<String> attributes(List<Conditional> stack) {
    SortedSet<String> names = new TreeSet<>();
    for (Conditional c : stack) {
      for (String part : c.expression().split("[,+]", -1)) {
        if (!part.isBlank()) {
          names.add(part.trim());
        }
      }
    }
    return names;
  }

  @Override
  public String toString() {
    return env() + (extensions == null ? " (all extensions)" : " " + extensions);
  }
}
