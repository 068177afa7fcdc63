package dev.vkrules.tools;

import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.tables.DeviceTables;
import dev.vkrules.generator.tables.PublishedTable;
import dev.vkrules.generator.tables.RuleTables;
import dev.vkrules.runtime.cli.DeviceFiles;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.ProfileException;
import dev.vkrules.runtime.profile.ProfileReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code vkrules tables --profile}: reads the device descriptions with the runtime's reader. */
final class ProfileTables implements DeviceTables {
  @Override
  public List<PublishedTable> build(RuleTables tables, List<Path> profiles, String profileName) {
    List<DeviceFormatTables.Device> devices = new ArrayList<>();
    for (Path file : DeviceFiles.expand(profiles)) {
      try {
        DeviceProfile p = ProfileReader.read(file, profileName);
        p.warnings().forEach(w -> System.err.println("vkrules: warning: " + w));
        devices.add(DeviceFormatTables.Device.of(p));
      } catch (ProfileException e) {
        throw new GeneratorException(e.getMessage());
      }
    }
    return DeviceFormatTables.build(tables, devices);
  }
}
