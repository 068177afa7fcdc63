package dev.vkrules.runtime.requirements;

import dev.vkrules.runtime.profile.DeviceDescription;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.JsonValue.JsonArray;
import dev.vkrules.runtime.profile.JsonValue.JsonBoolean;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
import dev.vkrules.runtime.profile.JsonValue;
import dev.vkrules.runtime.requirements.Alternative.AllOf;
import dev.vkrules.runtime.requirements.Alternative.Extension;
import dev.vkrules.runtime.requirements.Alternative.Feature;
import dev.vkrules.runtime.requirements.Alternative.Property;
import dev.vkrules.runtime.requirements.Alternative.Version;
import java.util.List;
import java.util.Optional;

/**
 * Decides whether a capability or extension requirement holds for a target Vulkan version and,
 * optionally, a device profile. Without a profile, anything that depends on the device is
 * {@link Outcome#NEEDS_DEVICE_INFO}, never satisfied.
 */
public final class RequirementEvaluator {
  private final VulkanVersion target;
  private final Optional<DeviceProfile> profile;
  private final MemberEquivalences equivalences;

  public RequirementEvaluator(VulkanVersion target, Optional<DeviceProfile> profile, MemberEquivalences equivalences) {
    this.target = target;
    this.profile = profile;
    this.equivalences = equivalences;
  }

  public VulkanVersion target() {
    return target;
  }

  public Optional<DeviceProfile> profile() {
    return profile;
  }

  /** The outcome of a requirement: the best of its alternatives (for every profile variant). */
  public Outcome evaluate(SpirvRequirement requirement) {
    if (profile.isEmpty()) {
      Outcome best = Outcome.UNSATISFIED;
      for (Alternative a : requirement.anyOf()) {
        best = best.best(offline(a));
      }
      return best;
    }
    for (DeviceDescription device : profile.get().variants()) {
      if (requirement.anyOf().stream().noneMatch(a -> holds(a, device))) {
        return Outcome.UNSATISFIED;
      }
    }
    return Outcome.SATISFIED;
  }

  /** The alternatives that hold on every variant of the profile (empty without a profile). */
  public List<Alternative> satisfied(SpirvRequirement requirement) {
    if (profile.isEmpty()) {
      return requirement.anyOf().stream().filter(a -> offline(a) == Outcome.SATISFIED).toList();
    }
    return requirement.anyOf().stream()
        .filter(a -> profile.get().variants().stream().allMatch(d -> holds(a, d)))
        .toList();
  }

  /**
   * What the profile lacks for {@code requirement}, in words a reader acts on: per alternative
   * the extension, feature or property missing on the first variant without it
   * ({@code VK_KHR_ray_tracing_pipeline / rayTracingPipeline}: the extension that provides the
   * feature, then the feature), {@code one of A or B} when several would do. Without a profile,
   * the alternatives not met by the target version.
   */
  public String missing(SpirvRequirement requirement) {
    List<String> parts = new java.util.ArrayList<>();
    for (Alternative a : requirement.anyOf()) {
      String m = missing(a);
      if (!m.isEmpty() && !parts.contains(m)) {
        parts.add(m);
      }
    }
    if (parts.isEmpty()) {
      return "";
    }
    if (parts.size() == 1) {
      return parts.get(0);
    }
    // the features of one missing extension: "VK_KHR_x / one of a, b or c"
    int slash = parts.get(0).indexOf(" / ");
    String common = slash < 0 ? "" : parts.get(0).substring(0, slash + 3);
    if (!common.isEmpty() && parts.stream().allMatch(p -> p.startsWith(common) && !p.substring(common.length()).contains(" / "))) {
      List<String> rest = parts.stream().map(p -> p.substring(common.length())).toList();
      return common + oneOf(rest);
    }
    return oneOf(parts);
  }

  private static String oneOf(List<String> parts) {
    return "one of " + String.join(", ", parts.subList(0, parts.size() - 1)) + " or " + parts.get(parts.size() - 1);
  }

  private String missing(Alternative a) {
    if (a instanceof Version v) {
      return "Vulkan " + v.version();
    } else if (a instanceof Extension e) {
      return e.name();
    } else if (a instanceof Feature f) {
      return provider(f.requires()) + f.member();
    } else if (a instanceof Property p) {
      return provider(p.requires()) + p.member() + ("VK_TRUE".equals(p.value()) ? "" : " has " + p.value());
    }
    List<String> parts = new java.util.ArrayList<>();
    for (Alternative part : ((AllOf) a).parts()) {
      if (profile.isEmpty() ? offline(part) != Outcome.SATISFIED
          : profile.get().variants().stream().anyMatch(d -> !holds(part, d))) {
        parts.add(missing(part));
      }
    }
    return String.join(" + ", parts);
  }

  /** {@code "VK_KHR_x / "} when no providing version or extension is met, else empty. */
  private String provider(List<String> requires) {
    if (requires.isEmpty() || requiresMet(requires)) {
      return "";
    }
    List<String> names = requires.stream()
        .map(r -> VulkanVersion.fromMacro(r).map(v -> "Vulkan " + v).orElse(r)).toList();
    return String.join(" or ", names) + " / ";
  }

  /**
   * The versions and extensions named by the alternatives of {@code requirement} (an extension,
   * and the versions or extensions that provide a feature or property): the device lacks each of
   * them when the requirement is unmet, so the structures they provide are absent too.
   */
  public static java.util.Set<String> providers(SpirvRequirement requirement) {
    java.util.Set<String> out = new java.util.TreeSet<>();
    requirement.anyOf().forEach(a -> providers(a, out));
    return out;
  }

  private static void providers(Alternative a, java.util.Set<String> out) {
    if (a instanceof Version v) {
      out.add(v.version().macro());
    } else if (a instanceof Extension e) {
      out.add(e.name());
    } else if (a instanceof Feature f) {
      out.addAll(f.requires());
    } else if (a instanceof Property p) {
      out.addAll(p.requires());
    } else {
      ((AllOf) a).parts().forEach(part -> providers(part, out));
    }
  }

  /** Whether one alternative's {@code requires} condition is met in this context (for messages). */
  public boolean requiresMet(List<String> requires) {
    if (profile.isEmpty()) {
      return requires.isEmpty() || requires.stream().anyMatch(r -> VulkanVersion.fromMacro(r).map(target::atLeast).orElse(false));
    }
    return profile.get().variants().stream().allMatch(d -> requiresMet(requires, d));
  }

  private Outcome offline(Alternative a) {
    if (a instanceof Version v) {
      return target.atLeast(v.version()) ? Outcome.SATISFIED : Outcome.UNSATISFIED;
    } else if (a instanceof Extension) {
      return Outcome.NEEDS_DEVICE_INFO;
    } else if (a instanceof Feature f) {
      return possible(f.requires());
    } else if (a instanceof Property p) {
      return possible(p.requires());
    }
    Outcome worst = Outcome.SATISFIED;
    for (Alternative part : ((AllOf) a).parts()) {
      worst = worst.worst(offline(part));
    }
    return worst;
  }

  /** A device struct can exist if a required version is within the target or an extension could provide it. */
  private Outcome possible(List<String> requires) {
    if (requires.isEmpty()) {
      return Outcome.NEEDS_DEVICE_INFO;
    }
    for (String r : requires) {
      Optional<VulkanVersion> v = VulkanVersion.fromMacro(r);
      if (v.isEmpty() || target.atLeast(v.get())) {
        return Outcome.NEEDS_DEVICE_INFO;
      }
    }
    return Outcome.UNSATISFIED;
  }

  private VulkanVersion effective(DeviceDescription device) {
    return target.min(device.apiVersion());
  }

  boolean holds(Alternative a, DeviceDescription device) {
    if (a instanceof Version v) {
      return effective(device).atLeast(v.version());
    } else if (a instanceof Extension e) {
      return device.extensions().contains(e.name());
    } else if (a instanceof Feature f) {
      return requiresMet(f.requires(), device) && featureOn(f, device);
    } else if (a instanceof Property p) {
      return requiresMet(p.requires(), device) && propertyHas(p, device);
    }
    return ((AllOf) a).parts().stream().allMatch(part -> holds(part, device));
  }

  private boolean requiresMet(List<String> requires, DeviceDescription device) {
    if (requires.isEmpty()) {
      return true;
    }
    for (String r : requires) {
      Optional<VulkanVersion> v = VulkanVersion.fromMacro(r);
      if (v.isPresent() ? effective(device).atLeast(v.get()) : device.extensions().contains(r)) {
        return true;
      }
    }
    return false;
  }

  private boolean featureOn(Feature f, DeviceDescription device) {
    if (isTrue(lookupFeature(device, f.struct(), f.member()))) {
      return true;
    }
    return f.alias().isPresent() && isTrue(lookupFeature(device, f.struct(), f.alias().get()));
  }

  private Optional<JsonValue> lookupFeature(DeviceDescription device, String struct, String member) {
    for (String name : equivalences.of(struct, member)) {
      int sep = name.indexOf("::");
      Optional<JsonValue> v = device.feature(name.substring(0, sep), name.substring(sep + 2));
      if (v.isPresent()) {
        return v;
      }
    }
    return Optional.empty();
  }

  private boolean propertyHas(Property p, DeviceDescription device) {
    for (String name : equivalences.of(p.struct(), p.member())) {
      int sep = name.indexOf("::");
      Optional<JsonValue> v = device.property(name.substring(0, sep), name.substring(sep + 2));
      if (v.isPresent()) {
        return "VK_TRUE".equals(p.value()) ? isTrue(v) : hasBit(v.get(), p.value());
      }
    }
    return false;
  }

  private static boolean isTrue(Optional<JsonValue> v) {
    return v.isPresent() && v.get() instanceof JsonBoolean b && b.value();
  }

  /** Flags are written as an array of bit names, or as one string joined with {@code |}. */
  private static boolean hasBit(JsonValue v, String bit) {
    if (v instanceof JsonArray a) {
      return a.elements().stream().anyMatch(e -> e instanceof JsonString s && s.value().strip().equals(bit));
    }
    if (v instanceof JsonString s) {
      for (String part : s.value().split("\\|")) {
        if (part.strip().equals(bit)) {
          return true;
        }
      }
    }
    return false;
  }
}
