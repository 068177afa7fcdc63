package dev.vkrules.runtime.profile;

import dev.vkrules.runtime.engine.device.DeviceView;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What every Vulkan device of a version guarantees: the {@code VP_LUNARG_minimum_requirements_1_X}
 * profile (spec-sources/profiles). Without a device description, a device rule that a module
 * meets on this minimum is met on every device (limits are the guaranteed bounds, features
 * stated true are required), so only what the minimum does not decide needs device information:
 * a compute shader with LocalSize 8 8 1 needs no device to be within maxComputeWorkGroupSize.
 *
 * <p>The profiles are read from their JSON when the runtime is built ({@link GuaranteedBundle})
 * and bundled in a binary form ({@link ProfileCodec}) in a generated class; a run decodes the
 * version it needs from that form, once, and only when a module has device obligations: no JSON
 * parsing and no resource read at start-up.
 */
public final class GuaranteedDevice {
  private GuaranteedDevice() {}

  /** The versions decoded so far. */
  private static final Map<String, List<DeviceView>> VIEWS = new ConcurrentHashMap<>();

  /** The minimum of Vulkan {@code major.minor} ("1.3"); empty when the bundled profiles do not have it. */
  public static List<DeviceView> of(String version) {
    return VIEWS.computeIfAbsent(version, v -> {
      byte[] block = GuaranteedProfiles.block(v);
      if (block == null) {
        return List.of();
      }
      try {
        return DeviceViews.of(ProfileCodec.read(block));
      } catch (IOException e) {
        return List.of();
      }
    });
  }

  /** Every bundled profile, by version, for tests. */
  static Map<String, DeviceProfile> bundled() throws IOException {
    Map<String, byte[]> blocks = new LinkedHashMap<>();
    for (String version : GuaranteedProfiles.VERSIONS) {
      blocks.put(version, GuaranteedProfiles.block(version));
    }
    return GuaranteedBundle.decode(blocks);
  }
}
