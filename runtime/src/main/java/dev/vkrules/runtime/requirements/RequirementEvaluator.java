package dev.vkrules.runtime.requirements;

import dev.vkrules.runtime.profile.DeviceDescription;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.JsonValue;
import dev.vkrules.runtime.profile.JsonValue.JsonArray;
import dev.vkrules.runtime.profile.JsonValue.JsonBoolean;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
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
