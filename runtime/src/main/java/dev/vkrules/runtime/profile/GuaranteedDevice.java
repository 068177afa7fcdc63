package dev.vkrules.runtime.profile;

import dev.vkrules.runtime.engine.DeviceView;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What every Vulkan device of a version guarantees: the {@code VP_LUNARG_minimum_requirements_1_X}
 * profile (spec-sources/profiles, bundled as a resource). Without a device description, a device
 * rule that a module meets on this minimum is met on every device (limits are the guaranteed
 * bounds, features stated true are required), so only what the minimum does not decide needs
 * device information: a compute shader with LocalSize 8 8 1 needs no device to be within
 * maxComputeWorkGroupSize.
 */
public final class GuaranteedDevice {
  private static final String RESOURCE = "/dev/vkrules/runtime/profiles/VP_LUNARG_minimum_requirements.json";
  private static final Map<String, List<DeviceView>> CACHE = new ConcurrentHashMap<>();

  private GuaranteedDevice() {}

  /** The minimum of Vulkan {@code major.minor} ("1.3"); empty when the bundled profiles do not have it. */
  public static List<DeviceView> of(String version) {
    return CACHE.computeIfAbsent(version, GuaranteedDevice::load);
  }

  private static List<DeviceView> load(String version) {
    try (InputStream in = GuaranteedDevice.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return List.of();
      }
      return DeviceViews.of(ProfileReader.parse(in.readAllBytes(),
          "VP_LUNARG_minimum_requirements_" + version.replace('.', '_')));
    } catch (IOException | ProfileException e) {
      return List.of();
    }
  }
}
