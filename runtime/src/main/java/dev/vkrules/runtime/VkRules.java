package dev.vkrules.runtime;

import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.PreparedModule;
import dev.vkrules.runtime.engine.Report;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.engine.Validator.ValidationResult;
import dev.vkrules.runtime.engine.device.DeviceView;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.DeviceViews;
import dev.vkrules.runtime.profile.ProfileException;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.requirements.RequirementCheck;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The entry point for a task that holds modules as bytes, such as one task of a distributed job:
 * an immutable value for one target and, optionally, one device, shared by any number of threads.
 * Each {@link #validate(byte[])} reads only its own bytes and this value; it writes nothing that
 * another call reads, so calls on several threads at once give each the result it would have
 * alone. What the process shares is caches of immutable data, each filled on first use by any
 * thread with the same value: the SPIR-V grammar's decoded entries, the checkers of a target, and
 * the engine per target ({@link Validator#engine(Target)}). No file, property or environment
 * variable is read.
 *
 * <pre>{@code
 * VkRules rules = VkRules.of(Target.VULKAN_1_3, profileJsonBytes, null); // once per task
 * ValidationResult r = rules.validate(moduleBytes);                    // per module, any thread
 * if (!r.ok()) r.diagnostics().forEach(d -> log(d.vuid() + " " + d.message()));
 * }</pre>
 *
 * <p>A module that is not SPIR-V gives a result with {@code malformed()} set, and a failure of
 * vkrules itself an internal-error diagnostic: neither throws, so a batch gets every verdict. To
 * bound the time one hostile module may take, call {@code validate} inside
 * {@link dev.vkrules.runtime.engine.ModuleTimeLimit#within}: the budget is the calling thread's,
 * and a module that spends it ends with {@code ModuleTimeLimit.Exceeded} (no verdict, not a pass).
 */
public final class VkRules {
  private final Target target;
  private final Optional<DeviceProfile> device;
  private final Engine engine;
  private final RequirementCheck requirements;
  private final List<DeviceView> views;
  private final int maxPerRule;

  private VkRules(Target target, Optional<DeviceProfile> device, int maxPerRule) {
    this.target = Objects.requireNonNull(target, "target");
    this.device = device;
    this.engine = Validator.engine(target);
    this.requirements = Validator.requirements(target, device);
    this.views = DeviceViews.of(device);
    this.maxPerRule = maxPerRule;
  }

  /** Without a device: what depends on one is reported as needing device information, never passed. */
  public static VkRules of(Target target) {
    return new VkRules(target, Optional.empty(), Validator.DEFAULT_MAX_FINDINGS_PER_RULE);
  }

  /** For the device {@code device} describes (a profile read with {@link ProfileReader}). */
  public static VkRules of(Target target, DeviceProfile device) {
    return new VkRules(target, Optional.of(Objects.requireNonNull(device, "device")),
        Validator.DEFAULT_MAX_FINDINGS_PER_RULE);
  }

  /**
   * For the device a Vulkan Profiles JSON or {@code vulkaninfo --json} output held in memory
   * describes; {@code profileName} chooses one when it holds several, else may be null.
   *
   * @throws ProfileException when the bytes are no such description (the message says where)
   */
  public static VkRules of(Target target, byte[] profileJson, String profileName) throws ProfileException {
    return of(target, ProfileReader.parse(profileJson, profileName));
  }

  /**
   * The same target and device, keeping at most {@code n} findings per VUID per module (the rest
   * are counted in one closing finding); {@link Report#UNLIMITED} keeps all. The default is
   * {@link Validator#DEFAULT_MAX_FINDINGS_PER_RULE}.
   */
  public VkRules maxFindingsPerRule(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("not a number of findings: " + n);
    }
    return new VkRules(target, device, n);
  }

  /**
   * Validates one module: the rules that apply to the target, the capability and extension
   * requirements and, with a device, what depends on it. The bytes are read, never written; they
   * must not change during the call. The result and its diagnostics are immutable.
   */
  public ValidationResult validate(byte[] module) {
    // the device's views are made once here, not per module as Validator.validate makes them
    return PreparedModule.of(ByteBuffer.wrap(module), engine, maxPerRule).evaluate(requirements, views);
  }

  /** One module for one target and device, without keeping a {@code VkRules}: {@code of(target, device).validate(module)}. */
  public static ValidationResult validate(byte[] module, Target target, DeviceProfile device) {
    return of(target, device).validate(module);
  }

  public Target target() {
    return target;
  }

  /** The device, empty when there is none. */
  public Optional<DeviceProfile> device() {
    return device;
  }

  public int maxFindingsPerRule() {
    return maxPerRule;
  }
}
