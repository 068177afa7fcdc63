package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.profile.DeviceProfile;
import dev.vkrules.runtime.profile.ProfileException;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.requirements.RequirementEvaluator;
import dev.vkrules.runtime.requirements.RequirementTables;
import dev.vkrules.runtime.requirements.StructEquivalenceTable;
import dev.vkrules.runtime.requirements.VulkanVersion;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code vkrules profile-check}: what SPIR-V a device or profile allows, offline. */
@Command(name = "profile-check", mixinStandardHelpOptions = true,
    description = {"Lists which SPIR-V capabilities and extensions a device supports.",
        "Every capability and extension of the appendix's tables, whether the device or profile in FILE"
            + " supports it for the target Vulkan version, with the requirement that allows it or the"
            + " alternatives that would. Formats: docs/tables.md."})
public final class ProfileCheckCommand implements Callable<Integer> {
  @Option(names = "--profile", paramLabel = "FILE", required = true,
      description = "a Vulkan Profiles JSON file (e.g. from vulkaninfo --json)")
  Path profileFile;

  @Option(names = "--profile-name", paramLabel = "NAME", description = "the profile to use when FILE holds several")
  String profileName;

  @Option(names = "--target-env", paramLabel = "ENV",
      description = "vulkan1.0 .. vulkan1.4 (default: the profile's api-version)")
  String targetEnv;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text, md, csv or json (default: ${DEFAULT-VALUE})")
  String format;

  @Option(names = "--unsupported", description = "list only what the profile does not support")
  boolean onlyUnsupported;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    if (!java.util.List.of("text", "md", "csv", "json").contains(format)) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          Choices.invalid("--format", format, java.util.List.of("text", "md", "csv", "json")));
    }
    DeviceProfile profile;
    try {
      profile = ProfileReader.read(profileFile, profileName);
      profile.warnings().forEach(w -> spec.commandLine().getErr().println("vkrules: warning: " + w));
    } catch (ProfileException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
    VulkanVersion target;
    if (targetEnv == null) {
      target = profile.variants().stream().map(d -> d.apiVersion()).min(VulkanVersion::compareTo).orElseThrow();
    } else {
      target = VulkanVersion.fromTargetEnv(targetEnv).orElseThrow(() -> new CommandLine.ParameterException(
          spec.commandLine(), "unknown target environment '" + targetEnv + "', expected one of " + dev.vkrules.runtime.engine.Target.names()));
    }
    RequirementEvaluator evaluator = new RequirementEvaluator(target, Optional.of(profile), StructEquivalenceTable.EQUIVALENCES);
    ProfileCheckReport report = ProfileCheckReport.of(evaluator, RequirementTables.CAPABILITIES, RequirementTables.EXTENSIONS);
    if (onlyUnsupported) {
      report = report.unsupportedOnly();
    }
    String text = switch (format) {
      case "md" -> report.markdown();
      case "csv" -> report.csv();
      case "json" -> report.json();
      default -> report.text();
    };
    spec.commandLine().getOut().print(text);
    spec.commandLine().getOut().flush();
    return 0;
  }
}
