package dev.vkrules.generator.rules;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;

/**
 * The device an example runs against, written inline in the rule file and small:
 *
 * <pre>
 * device:
 *   features: {fragmentStoresAndAtomics: false}        # member or Struct::member
 *   properties: {maxMeshOutputVertices: 256, minInterpolationOffset: -0.5}
 *   extensions: [VK_EXT_mesh_shader]
 *   formats: {VK_FORMAT_R32_SFLOAT: {optimal: [STORAGE_IMAGE_ATOMIC]}}
 * </pre>
 *
 * Names are checked against vk.xml like the {@code device:} predicates' names, and the whole is
 * turned into a one-profile Vulkan Profiles document, the form the runtime reads every
 * device description in. What the device does not state stays unknown.
 */
final class ExampleDevice {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> KEYS = Set.of("features", "properties", "extensions", "formats", "api-version");

  private ExampleDevice() {}

  static String toProfileJson(YNode device, DeviceRegistry registry) {
    YNode.Map map = YNode.asMap(device, "device");
    for (String key : map.entries().keySet()) {
      if (!KEYS.contains(key)) {
        throw new RuleError(map.keyPos(key), "unknown device key '" + key + "'" + Suggest.didYouMean(key, KEYS));
      }
    }
    ObjectNode caps = JSON.createObjectNode();
    if (map.get("extensions") != null) {
      ObjectNode ext = caps.putObject("extensions");
      for (YNode e : ValueTests.items(map.get("extensions"))) {
        String name = PredicateCompiler.scalar(e);
        if (!registry.hasExtension(name)) {
          throw new RuleError(e.pos(), "unknown device extension '" + name + "'" + Suggest.didYouMean(name, registry.extensions()));
        }
        ext.put(name, 1);
      }
    }
    if (map.get("features") != null) {
      ObjectNode features = caps.putObject("features");
      YNode.Map f = YNode.asMap(map.get("features"), "features");
      for (String name : f.entries().keySet()) {
        DeviceRegistry.Member m = member(registry.features(name), name, "feature", f.keyPos(name), registry);
        String value = PredicateCompiler.scalar(f.get(name));
        if (!value.equals("true") && !value.equals("false")) {
          throw new RuleError(f.get(name).pos(), "a feature is true or false");
        }
        features.with(m.struct()).put(m.name(), Boolean.parseBoolean(value));
      }
    }
    if (map.get("properties") != null) {
      ObjectNode properties = caps.putObject("properties");
      YNode.Map p = YNode.asMap(map.get("properties"), "properties");
      for (String name : p.entries().keySet()) {
        DeviceRegistry.Member m = member(registry.properties(name), name, "property", p.keyPos(name), registry);
        ObjectNode struct = switch (m.struct()) {
          case "VkPhysicalDeviceLimits" -> properties.with("VkPhysicalDeviceProperties").with("limits");
          case "VkPhysicalDeviceSparseProperties" -> properties.with("VkPhysicalDeviceProperties").with("sparseProperties");
          default -> properties.with(m.struct());
        };
        YNode v = p.get(name);
        if (v instanceof YNode.Map fields) {
          // a structure-typed property (VkExtent2D): integer members
          ObjectNode o = struct.putObject(m.name());
          for (String field : fields.entries().keySet()) {
            o.put(field, ValueTests.integer(fields.get(field)));
          }
        } else if (v instanceof YNode.Seq seq) {
          ArrayNode a = struct.putArray(m.name());
          for (YNode item : seq.items()) {
            String s = PredicateCompiler.scalar(item);
            if (s.matches("-?\\d+")) {
              a.add(Long.parseLong(s));
            } else {
              a.add(s);
            }
          }
        } else {
          String s = PredicateCompiler.scalar(v);
          if (s.equals("true") || s.equals("false")) {
            struct.put(m.name(), Boolean.parseBoolean(s));
          } else if (s.matches("-?\\d+")) {
            struct.put(m.name(), Long.parseLong(s));
          } else if (s.matches("-?\\d+\\.\\d+") && m.type().equals("float")) {
            // a float limit (minInterpolationOffset: -0.5), kept exactly as written
            struct.put(m.name(), new java.math.BigDecimal(s));
          } else if (registry.isEnum(m.type())) {
            if (registry.sameValue(m.type(), s) == null) {
              throw new RuleError(v.pos(), "unknown " + m.type() + " '" + s + "'"
                  + Suggest.didYouMean(s, registry.enumerantNames(m.type())));
            }
            struct.put(m.name(), s);
          } else {
            throw new RuleError(v.pos(), "a property is an integer, true/false, a decimal number of a float property, "
                + "an enumerant of an enum property or a list");
          }
        }
      }
    }
    if (map.get("formats") != null) {
      ObjectNode formats = caps.putObject("formats");
      YNode.Map fm = YNode.asMap(map.get("formats"), "formats");
      for (String format : fm.entries().keySet()) {
        ObjectNode props = formats.putObject(format).putObject("VkFormatProperties3");
        YNode.Map tilings = YNode.asMap(fm.get(format), "format " + format);
        for (String tiling : tilings.entries().keySet()) {
          String member = switch (tiling) {
            case "optimal" -> "optimalTilingFeatures";
            case "linear" -> "linearTilingFeatures";
            case "buffer" -> "bufferFeatures";
            default -> throw new RuleError(tilings.keyPos(tiling), "tiling is optimal, linear or buffer");
          };
          ArrayNode bits = props.putArray(member);
          for (YNode b : ValueTests.items(tilings.get(tiling))) {
            String name = PredicateCompiler.scalar(b);
            String bit = "VK_FORMAT_FEATURE_2_" + name + "_BIT";
            if (!registry.formatFeatureBits().contains(bit)) {
              throw new RuleError(b.pos(), "unknown format feature '" + name + "'");
            }
            bits.add(bit);
          }
        }
      }
    }
    String api = map.get("api-version") == null ? "1.4.0" : PredicateCompiler.scalar(map.get("api-version"));
    ObjectNode root = JSON.createObjectNode();
    ObjectNode profile = root.putObject("profiles").putObject("VP_EXAMPLE_device");
    profile.put("version", 1).put("api-version", api).put("label", "the example's device");
    profile.putArray("capabilities").add("device");
    root.putObject("capabilities").set("device", caps);
    return root.toString();
  }

  private static DeviceRegistry.Member member(List<DeviceRegistry.Member> found, String name, String what,
      YNode.Pos pos, DeviceRegistry registry) {
    return DevicePredicates.resolve(found, what, new YNode.Scalar(pos, name),
        what.equals("feature") ? registry.featureNames() : registry.propertyNames(), registry);
  }
}
