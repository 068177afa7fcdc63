package dev.vkrules.runtime.profile;

import dev.vkrules.runtime.engine.device.DeviceView;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * <p>The profiles are read from their JSON when the runtime is built ({@link #main}, run by the
 * build) and bundled in a binary form ({@link ProfileCodec}); a run decodes the version it needs from
 * that form, once, and only when a module has device obligations: no JSON parsing at start-up.
 */
public final class GuaranteedDevice {
  static final String RESOURCE = "/dev/vkrules/runtime/profiles/minimum-requirements.bin";
  static final String PROFILE_PREFIX = "VP_LUNARG_minimum_requirements_";

  private GuaranteedDevice() {}

  /**
   * The bundled form: for each version its name and the length of its block, then the block
   * ({@link ProfileCodec}). A run decodes only the version its target needs, once.
   */
  private static final class Bundled {
    static final Map<String, byte[]> BLOCKS = blocks();
    static final Map<String, List<DeviceView>> VIEWS = new ConcurrentHashMap<>();
  }

  /** The minimum of Vulkan {@code major.minor} ("1.3"); empty when the bundled profiles do not have it. */
  public static List<DeviceView> of(String version) {
    byte[] block = Bundled.BLOCKS.get(version);
    if (block == null) {
      return List.of();
    }
    return Bundled.VIEWS.computeIfAbsent(version, v -> {
      try {
        return DeviceViews.of(ProfileCodec.read(new DataInputStream(new ByteArrayInputStream(block))));
      } catch (IOException e) {
        return List.of();
      }
    });
  }

  private static Map<String, byte[]> blocks() {
    try (InputStream raw = GuaranteedDevice.class.getResourceAsStream(RESOURCE)) {
      return raw == null ? Map.of() : blocks(new DataInputStream(new BufferedInputStream(raw)));
    } catch (IOException e) {
      return Map.of();
    }
  }

  private static Map<String, byte[]> blocks(DataInputStream in) throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    for (int n = in.readInt(); n > 0; n--) {
      String version = in.readUTF();
      byte[] block = new byte[in.readInt()];
      in.readFully(block);
      out.put(version, block);
    }
    return out;
  }

  /** The bundled profiles as read from their JSON ({@code profiles} by version); for the build and tests. */
  static Map<String, DeviceProfile> fromJson(byte[] json) {
    Map<String, DeviceProfile> out = new LinkedHashMap<>();
    for (int minor = 0; minor <= 9; minor++) {
      try {
        out.put("1." + minor, ProfileReader.parse(json, PROFILE_PREFIX + "1_" + minor));
      } catch (ProfileException e) {
        // the file has no profile for this version
      }
    }
    return out;
  }

  /** As bundled: {@link #RESOURCE} holds exactly this. */
  static void write(Map<String, DeviceProfile> profiles, OutputStream raw) throws IOException {
    DataOutputStream out = new DataOutputStream(new BufferedOutputStream(raw));
    out.writeInt(profiles.size());
    for (Map.Entry<String, DeviceProfile> e : profiles.entrySet()) {
      ByteArrayOutputStream block = new ByteArrayOutputStream();
      DataOutputStream b = new DataOutputStream(block);
      ProfileCodec.write(e.getValue(), b);
      b.flush();
      out.writeUTF(e.getKey());
      out.writeInt(block.size());
      block.writeTo(out);
    }
    out.flush();
  }

  /** The bundled profiles as {@link #RESOURCE} holds them ({@code profiles} by version), for tests. */
  static Map<String, DeviceProfile> bundled() throws IOException {
    try (InputStream raw = GuaranteedDevice.class.getResourceAsStream(RESOURCE)) {
      if (raw == null) {
        throw new IOException("no " + RESOURCE + " (the build writes it)");
      }
      return read(raw);
    }
  }

  /** Every profile of the form {@link #write} writes, by version. */
  static Map<String, DeviceProfile> read(InputStream raw) throws IOException {
    Map<String, DeviceProfile> out = new LinkedHashMap<>();
    for (Map.Entry<String, byte[]> e : blocks(new DataInputStream(new BufferedInputStream(raw))).entrySet()) {
      out.put(e.getKey(), ProfileCodec.read(new DataInputStream(new ByteArrayInputStream(e.getValue()))));
    }
    return out;
  }

  /** Build step: {@code GuaranteedDevice MINIMUM_REQUIREMENTS.json OUT.bin}. */
  public static void main(String[] args) throws IOException {
    Map<String, DeviceProfile> profiles = fromJson(Files.readAllBytes(Path.of(args[0])));
    if (profiles.isEmpty()) {
      throw new IOException(args[0] + ": no " + PROFILE_PREFIX + "1_X profile");
    }
    Path out = Path.of(args[1]);
    Files.createDirectories(out.getParent());
    try (OutputStream o = Files.newOutputStream(out)) {
      write(profiles, o);
    }
  }
}
