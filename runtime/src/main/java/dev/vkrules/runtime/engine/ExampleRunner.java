package dev.vkrules.runtime.engine;

import dev.vkrules.runtime.profile.DeviceViews;
import dev.vkrules.runtime.profile.ProfileException;
import dev.vkrules.runtime.profile.ProfileReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.TreeSet;

/**
 * Runs a rule's examples: an invalid example must raise exactly the rule's VUID, a valid
 * one nothing. Used by the generated tests and by {@code vkrules rule-check}.
 */
public final class ExampleRunner {
  private ExampleRunner() {}

  /** The outcome of one example: the VUIDs raised, and a problem description or null when it passed. */
  public record Outcome(Target target, TreeSet<String> raised, String problem) {
    public boolean passed() {
      return problem == null;
    }
  }

  /** The target an example runs under: its own, else the highest one for which the rule's condition holds. */
  public static Target targetFor(String targetEnv, String condition) {
    if (targetEnv != null) {
      Target t = Target.parse(targetEnv);
      if (t == null) {
        throw new IllegalArgumentException("unknown target-env '" + targetEnv + "'");
      }
      return t;
    }
    Target t = Target.highestSatisfying(condition);
    if (t == null) {
      throw new IllegalArgumentException("the rule's condition holds for no target: " + condition);
    }
    return t;
  }

  public static Outcome run(List<Checker> checkers, String vuid, String condition, boolean invalid, String targetEnv,
      String asm) {
    return run(checkers, vuid, condition, invalid, targetEnv, asm, null, List.of());
  }

  /**
   * As above, against the device {@code deviceJson} describes (a Vulkan Profiles document; null
   * for none); an invalid example must raise exactly {@code vuid} and the {@code also} VUIDs (the
   * ones it necessarily breaks too, for a rule that no module can break alone). An example whose
   * verdict still needs device information fails: the example's device must decide the rule, or
   * the example proves nothing.
   */
  public static Outcome run(List<Checker> checkers, String vuid, String condition, boolean invalid, String targetEnv,
      String asm, String deviceJson, List<String> also) {
    Target target = targetFor(targetEnv, condition);
    if (!target.holds(condition)) {
      return new Outcome(target, new TreeSet<>(), "the rule does not apply to " + target.envName());
    }
    byte[] binary;
    try {
      binary = ExampleAssembler.assemble(asm, target);
    } catch (IOException e) {
      return new Outcome(target, new TreeSet<>(), e.getMessage());
    }
    List<DeviceView> device;
    try {
      device = deviceJson == null ? List.of()
          : DeviceViews.of(ProfileReader.parse(deviceJson.getBytes(StandardCharsets.UTF_8), null));
    } catch (ProfileException e) {
      return new Outcome(target, new TreeSet<>(), "the example's device: " + e.getMessage());
    }
    Validator.ValidationResult r = PreparedModule.of(ByteBuffer.wrap(binary), new Engine(checkers, target), Report.UNLIMITED)
        .evaluate(null, device);
    TreeSet<String> raised = new TreeSet<>();
    TreeSet<String> needs = new TreeSet<>();
    for (Diagnostic d : r.diagnostics()) {
      if (d.severity() == Diagnostic.Severity.NEEDS_DEVICE_INFO) {
        // an example must decide its own rule; what other rules would need of the device is their examples' business
        if (d.vuid().equals(vuid)) {
          needs.add(d.vuid() + " (" + d.message() + ")");
        }
      } else {
        // A crashed checker must not pass for its VUID raised: name the crash instead.
        raised.add(d.isInternalError() ? d.vuid() + " " + d.message() : d.vuid().isEmpty() ? "malformed: " + d.message()
            : d.vuid());
      }
    }
    String problem = null;
    TreeSet<String> expected = new TreeSet<>(also);
    expected.add(vuid);
    if (!needs.isEmpty()) {
      problem = "the example's device does not decide " + needs + (deviceJson == null ? "; give the example a device" : "");
    } else if (invalid && !raised.equals(expected)) {
      problem = "expected exactly " + String.join(", ", expected) + " under " + target.envName() + ", got " + (raised.isEmpty() ? "nothing" : raised);
    } else if (!invalid && !raised.isEmpty()) {
      problem = "expected nothing under " + target.envName() + ", got " + raised;
    }
    return new Outcome(target, raised, problem);
  }
}
