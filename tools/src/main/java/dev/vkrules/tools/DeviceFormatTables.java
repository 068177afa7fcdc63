package dev.vkrules.tools;

import dev.vkrules.generator.tables.PublishedTable;
import dev.vkrules.generator.tables.RuleTables;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.device.DeviceFacts;
import dev.vkrules.runtime.engine.device.DeviceView;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.DeviceViews;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The {@code device-formats-*} tables: for a set of devices, which VkFormats that have a SPIR-V
 * image format support the format features the appendix's rules depend on. One table per
 * feature; a row per VkFormat (with its SPIR-V image formats), a column per device; a cell is
 * {@code yes}, {@code no}, or {@code unknown} when the description does not state the format
 * (or states only VkFormatProperties for a bit that only VkFormatProperties3 carries).
 */
final class DeviceFormatTables {
  static final String NAME = "device-formats";

  /** A format feature a rule depends on, and where the appendix or the API asks for it. */
  record Feature(String title, String tiling, String flag, String usedBy) {
    /** The table's name: {@code device-formats-storage-image-atomics}; {@code --table device-formats} selects all. */
    String tableName() {
      return NAME + "-" + title.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("-$", "");
    }
  }

  static final List<Feature> FEATURES = List.of(
      new Feature("Storage image", "optimal", "VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT",
          "OpTypeImage with Sampled 2 bound to an image of this format"),
      new Feature("Storage image read without format", "optimal", "VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT",
          "OpImageRead on an image declared with Image Format Unknown (RuntimeSpirv apiVersion-07955 and siblings)"),
      new Feature("Storage image write without format", "optimal", "VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT",
          "OpImageWrite on an image declared with Image Format Unknown (RuntimeSpirv apiVersion-07954 and siblings)"),
      new Feature("Storage image atomics", "optimal", "VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT",
          "OpAtomic* through OpImageTexelPointer on an image"),
      new Feature("Sampled image", "optimal", "VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT",
          "OpImageSample* and OpImageFetch on an image"),
      new Feature("Sampled image, linear filtering", "optimal", "VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT",
          "sampling with a VK_FILTER_LINEAR sampler"),
      new Feature("Uniform texel buffer", "buffer", "VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT",
          "OpTypeImage Dim Buffer with Sampled 1"),
      new Feature("Storage texel buffer", "buffer", "VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT",
          "OpTypeImage Dim Buffer with Sampled 2"),
      new Feature("Storage texel buffer atomics", "buffer", "VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT",
          "OpAtomic* through OpImageTexelPointer on a texel buffer"));

  /** A device description as a table column. */
  record Device(String label, List<DeviceView> variants) {
    static Device of(DeviceProfile p) {
      return new Device(p.label(), DeviceViews.of(p));
    }
  }

  private DeviceFormatTables() {}

  static List<PublishedTable> build(RuleTables tables, List<Device> devices) {
    TreeMap<String, List<String>> spirvOf = new TreeMap<>();
    for (RuleTables.ImageFormat f : tables.imageFormats()) {
      for (String vk : f.vkFormats()) {
        spirvOf.computeIfAbsent(vk, k -> new ArrayList<>()).add(f.name());
      }
    }
    List<String> columns = new ArrayList<>(List.of("Vulkan Format", "SPIR-V Image Format"));
    devices.forEach(d -> columns.add(d.label()));
    List<PublishedTable> out = new ArrayList<>();
    for (Feature feature : FEATURES) {
      List<List<String>> rows = new ArrayList<>();
      spirvOf.forEach((vk, spirv) -> {
        List<String> row = new ArrayList<>(List.of(vk, String.join("\n", spirv)));
        devices.forEach(d -> row.add(cell(d, vk, feature)));
        rows.add(row);
      });
      out.add(new PublishedTable(feature.tableName(), feature.title() + " (" + feature.flag() + ", " + feature.tiling() + " tiling)",
          "device descriptions; rules/tables/image-formats.yaml", "core", columns, rows, List.of(),
          List.of("Needed for: " + feature.usedBy() + ".",
              "unknown: the description does not state this format's " + feature.tiling() + " features"
                  + (feature.flag().contains("_2_") ? " with VkFormatProperties3, which carries this bit" : "") + ".")));
    }
    return out;
  }

  /** {@code yes} when every variant of the device has the feature, {@code no} when one lacks it. */
  static String cell(Device d, String vkFormat, Feature feature) {
    boolean unknown = false;
    for (DeviceView v : d.variants()) {
      try {
        if (!new DeviceFacts(v).formatFeature(vkFormat, feature.tiling(), feature.flag())) {
          return "no";
        }
      } catch (Unknown e) {
        unknown = true;
      }
    }
    return unknown || d.variants().isEmpty() ? "unknown" : "yes";
  }
}
