package dev.vkrules.runtime.profile;

import dev.vkrules.runtime.profile.JsonValue.JsonArray;
import dev.vkrules.runtime.profile.JsonValue.JsonObject;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
import dev.vkrules.runtime.requirements.VulkanVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads a Vulkan Profiles JSON file (the format of the Khronos profiles and of
 * {@code vulkaninfo --json}) and resolves one profile into device descriptions.
 *
 * <p>Only what decides SPIR-V requirements is interpreted: {@code api-version}, the required
 * {@code capabilities} blocks, and their {@code extensions}, {@code features} and
 * {@code properties}, and {@code formats}. Other members ({@code queueFamiliesProperties},
 * {@code optionals}, contributors, history) are read for well-formedness and otherwise ignored.
 */
public final class ProfileReader {
  /** More combinations of alternative blocks than this is not a device description any more. */
  static final int MAX_VARIANTS = 64;
  /** More block names than this in one profile's capabilities is no device description (real ones name a few). */
  static final int MAX_CAPABILITIES = 4096;

  private ProfileReader() {}

  /** Reads {@code file}; errors are prefixed with the file name as given. */
  public static DeviceProfile read(Path file, String profileName) throws ProfileException {
    byte[] bytes;
    if (Files.isDirectory(file)) {
      // validate --profile takes a directory of profiles; this reader takes one file
      throw new ProfileException(file + ": is a directory, expected a Vulkan Profiles JSON file");
    }
    try {
      bytes = dev.vkrules.runtime.InputFiles.read(file, dev.vkrules.runtime.InputFiles.MAX_PROFILE, "a profile");
    } catch (dev.vkrules.runtime.InputFiles.TooLarge e) {
      throw new ProfileException(file + ": " + e.getMessage());
    } catch (java.nio.file.NoSuchFileException e) {
      throw new ProfileException(file + ": no such file");
    } catch (java.nio.file.AccessDeniedException e) {
      throw new ProfileException(file + ": permission denied");
    } catch (IOException e) {
      throw new ProfileException(file + ": cannot read file: " + (e.getMessage() == null
          ? e.getClass().getSimpleName() : e.getMessage()));
    }
    try {
      return parse(bytes, profileName).in(file.toString());
    } catch (ProfileException e) {
      // FILE:LINE:COLUMN: what, as compilers write it (editors jump there)
      throw new ProfileException(file + (e.position() == null ? "" : ":" + e.position()) + ": " + e.what());
    }
  }

  /** Parses a profile file held in memory. {@code profileName} may be null when the file holds one profile. */
  public static DeviceProfile parse(byte[] bytes, String profileName) throws ProfileException {
    JsonObject root = object(LenientJsonReader.read(bytes), "the profile file");
    JsonObject profiles = object(require(root, "profiles", "the profile file"), "'profiles'");
    Map<String, JsonValue> blocks = root.members().containsKey("capabilities")
        ? object(root.members().get("capabilities"), "'capabilities'").members()
        : Map.of();
    String name = choose(profiles, profileName);
    JsonObject profile = object(profiles.members().get(name), "profile '" + name + "'");
    VulkanVersion api = apiVersion(profile, name);
    String label = profile.members().get("label") instanceof JsonString s ? s.value() : name;
    JsonArray required = array(require(profile, "capabilities", "profile '" + name + "'"), "'capabilities' of profile '" + name + "'");

    List<DeviceAccumulator> variants = new ArrayList<>(List.of(new DeviceAccumulator(api)));
    List<String> warnings = new ArrayList<>();
    java.util.Set<String> checked = new java.util.HashSet<>();
    if (required.elements().size() > MAX_CAPABILITIES) {
      throw ProfileException.at(required, "more than " + MAX_CAPABILITIES + " capability block names in one profile");
    }
    java.util.Set<String> added = new java.util.HashSet<>();
    for (JsonValue entry : required.elements()) {
      if (entry instanceof JsonString ref && !added.add(ref.value())) {
        continue;  // a block named again adds nothing it did not add the first time
      }
      for (JsonValue ref : entry instanceof JsonArray a ? a.elements() : List.of(entry)) {
        if (ref instanceof JsonString s && blocks.get(s.value()) instanceof JsonObject b && checked.add(s.value())) {
          UnknownMembers.check(b, warnings);
          MemberTypes.check(s.value(), b, warnings);
        }
      }
      if (entry instanceof JsonString ref) {
        JsonObject block = block(blocks, ref);
        for (DeviceAccumulator v : variants) {
          v.add(block);
        }
      } else if (entry instanceof JsonArray choices && !choices.elements().isEmpty()) {
        List<JsonObject> options = new ArrayList<>();
        for (JsonValue choice : choices.elements()) {
          if (!(choice instanceof JsonString ref)) {
            throw ProfileException.at(choice, "expected a capability block name, got " + choice.typeName());
          }
          options.add(block(blocks, ref));
        }
        if ((long) variants.size() * options.size() > MAX_VARIANTS) {
          throw ProfileException.at(choices, "more than " + MAX_VARIANTS + " combinations of alternative capability blocks");
        }
        List<DeviceAccumulator> next = new ArrayList<>();
        for (DeviceAccumulator v : variants) {
          for (JsonObject option : options) {
            DeviceAccumulator copy = v.copy();
            copy.add(option);
            next.add(copy);
          }
        }
        variants = next;
      } else {
        throw ProfileException.at(entry, "expected a capability block name or a non-empty array of names, got " + entry.typeName());
      }
    }
    return new DeviceProfile(name, label, variants.stream().map(DeviceAccumulator::build).toList(), warnings);
  }

  private static String choose(JsonObject profiles, String wanted) throws ProfileException {
    List<String> names = new ArrayList<>(new TreeMap<>(profiles.members()).keySet());
    if (wanted != null) {
      if (!profiles.members().containsKey(wanted)) {
        // about the argument, not a place in the file: the names it holds
        throw new ProfileException("no profile named '" + wanted + "'; the file holds " + (names.isEmpty() ? "none"
            : String.join(", ", names)));
      }
      return wanted;
    }
    if (names.size() == 1) {
      return names.get(0);
    }
    if (names.isEmpty()) {
      throw ProfileException.at(profiles, "the file defines no profile");
    }
    throw new ProfileException("the file holds " + names.size() + " profiles (" + String.join(", ", names)
        + "); choose one with --profile-name");
  }

  private static VulkanVersion apiVersion(JsonObject profile, String name) throws ProfileException {
    JsonValue v = require(profile, "api-version", "profile '" + name + "'");
    Optional<VulkanVersion> version = v instanceof JsonString s ? VulkanVersion.fromDotted(s.value()) : Optional.empty();
    if (version.isEmpty()) {
      throw ProfileException.at(v, "expected 'api-version' like \"1.3.204\"");
    }
    return version.get();
  }

  private static JsonObject block(Map<String, JsonValue> blocks, JsonString ref) throws ProfileException {
    JsonValue block = blocks.get(ref.value());
    if (block == null) {
      throw ProfileException.at(ref, "capability block '" + ref.value() + "' is not defined");
    }
    return object(block, "capability block '" + ref.value() + "'");
  }

  static JsonValue require(JsonObject object, String key, String where) throws ProfileException {
    JsonValue v = object.members().get(key);
    if (v == null) {
      throw ProfileException.at(object, where + " has no '" + key + "'");
    }
    return v;
  }

  static JsonObject object(JsonValue v, String what) throws ProfileException {
    if (v instanceof JsonObject o) {
      return o;
    }
    throw ProfileException.at(v, "expected " + what + " to be an object, got " + v.typeName());
  }

  static JsonArray array(JsonValue v, String what) throws ProfileException {
    if (v instanceof JsonArray a) {
      return a;
    }
    throw ProfileException.at(v, "expected " + what + " to be an array, got " + v.typeName());
  }
}
