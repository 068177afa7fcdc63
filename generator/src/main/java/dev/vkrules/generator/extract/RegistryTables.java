package dev.vkrules.generator.extract;

import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The tables the appendix includes from generated files, built from vk.xml as Khronos'
 * {@code spirvcapgenerator.py} and {@code formatsgenerator.py} build them.
 *
 * @param capabilities {@code <spirvcapability>} elements, in registry order
 * @param extensions {@code <spirvextension>} elements, in registry order
 * @param imageFormats SPIR-V image formats and their compatible {@code VkFormat}s,
 *     in registry order of the first format naming them
 * @param apiVersion the registry's version from {@code VK_HEADER_VERSION_COMPLETE} and
 *     {@code VK_HEADER_VERSION} ({@code 1.3.239}) of the Vulkan API (not Vulkan SC's), or empty
 *     when it does not say
 * @param buildAttributes the attributes an all-extensions build of the spec defines, as
 *     Khronos builds validusage.json: every Vulkan core version ({@code <feature>} of api
 *     {@code vulkan}, internal ones such as {@code VK_GRAPHICS_VERSION_1_4} included) and
 *     every extension supported on Vulkan; never {@code VKSC_*} or disabled extensions
 */
public record RegistryTables(
    List<SpirvEntry> capabilities, List<SpirvEntry> extensions, List<ImageFormat> imageFormats,
    String apiVersion, SortedSet<String> buildAttributes) {

  public RegistryTables {
    buildAttributes = Collections.unmodifiableSortedSet(new TreeSet<>(buildAttributes));
    capabilities = List.copyOf(capabilities);
    extensions = List.copyOf(extensions);
    imageFormats = List.copyOf(imageFormats);
  }

  /** Total number of {@code <enable>} elements over capabilities and extensions. */
  public int enableCount() {
    return capabilities.stream().mapToInt(c -> c.enables().size()).sum()
        + extensions.stream().mapToInt(e -> e.enables().size()).sum();
  }

  /**
   * A SPIR-V capability or extension and the ways to enable it; any one of them suffices.
   *
   * @param name {@code Shader}, {@code SPV_KHR_variable_pointers}
   * @param line 1-based line of the element in vk.xml
   */
  public record SpirvEntry(String name, int line, List<Enable> enables) {
    public SpirvEntry {
      enables = List.copyOf(enables);
    }
  }

  /** One {@code <enable>}: exactly one of its four forms. */
  public sealed interface Enable {
    /** The registry attribute that limits where the enable applies ({@code requires}), or empty. */
    String requires();

    /** The enable's condition as an attribute expression (what a table row is guarded by). */
    String condition();
  }

  /** {@code <enable version="VK_VERSION_1_1"/>}. */
  public record VersionEnable(String version) implements Enable {
    public VersionEnable {
      Objects.requireNonNull(version);
    }

    @Override
    public String requires() {
      return "";
    }

    @Override
    public String condition() {
      return version;
    }
  }

  /** {@code <enable extension="VK_KHR_x"/>}. */
  public record ExtensionEnable(String extension) implements Enable {
    public ExtensionEnable {
      Objects.requireNonNull(extension);
    }

    @Override
    public String requires() {
      return "";
    }

    @Override
    public String condition() {
      return extension;
    }
  }

  /** {@code <enable struct="S" feature="f" requires="R" [alias="a"]/>}. */
  public record FeatureEnable(String struct, String feature, String requires, String alias) implements Enable {
    @Override
    public String condition() {
      return requires;
    }
  }

  /** {@code <enable property="P" member="m" value="V" requires="R"/>}. */
  public record PropertyEnable(String property, String member, String value, String requires) implements Enable {
    @Override
    public String condition() {
      return requires;
    }
  }

  /**
   * A SPIR-V image format and the Vulkan formats compatible with it.
   *
   * @param name the SPIR-V name ({@code Rgba32f})
   * @param vkFormats {@code VK_FORMAT_*} names in registry order
   */
  public record ImageFormat(String name, List<String> vkFormats) {
    public ImageFormat {
      vkFormats = List.copyOf(vkFormats);
    }
  }
}
