package dev.vkrules.generator.audit;

import dev.vkrules.generator.GeneratorException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code vkrules diff}: what changed between two spec-source trees, and what it leaves to do. */
@Command(
    name = "diff",
    mixinStandardHelpOptions = true,
    description = {"Compares two spec-source trees and lists the work they leave for the rules.",
        "Reports VUIDs added, removed, renamed, reworded, re-marked-up or under new conditions; capabilities,"
            + " extensions, image formats and tables added, removed or changed (spirvenv.adoc + vk.xml);"
            + " then the work list for the project's rules."},
    exitCodeListHeading = "Exit codes:%n",
    exitCodeList = {"0:diff written (whether or not the trees differ)", "2:usage or input error"})
public final class DiffCommand implements Callable<Integer> {
  /** Output formats. */
  public enum Format { text, md, json }

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "OLD_SPEC_DIR", description = "the spec sources before")
  Path oldDir;

  @Parameters(index = "1", paramLabel = "NEW_SPEC_DIR", description = "the spec sources after")
  Path newDir;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text, md or json (default: ${DEFAULT-VALUE})")
  Format format;

  @Option(names = "--rules", paramLabel = "DIR",
      description = "the project's rule files, for the work list (default: rules, when it exists)")
  Path rules;

  @Option(names = "--timings", description = "print wall time since process start and per part to standard error")
  boolean timings;

  @Option(names = "--out", paramLabel = "FILE", description = "write the report here instead of standard output")
  Path out;

  @Override
  public Integer call() {
    Path rulesDir = rules;
    if (rulesDir == null) {
      // The project's rules: under the root the launcher passes (any working directory), else here.
      String root = System.getProperty("vkrules.root");
      Path candidate = root == null || root.isBlank() ? Path.of("rules") : Path.of(root, "rules");
      rulesDir = Files.isDirectory(candidate) ? candidate : null;
    }
    List<AuditRule> ruleFiles = rulesDir == null ? List.of() : RuleDirectory.read(rulesDir);
    if (oldDir.toAbsolutePath().normalize().equals(newDir.toAbsolutePath().normalize())) {
      throw new GeneratorException("OLD_SPEC_DIR and NEW_SPEC_DIR are the same directory: " + oldDir);
    }
    SpecFactsReader.Extracted facts = SpecFactsReader.extractBoth(oldDir, newDir);
    long t1 = System.nanoTime();
    SpecDiff diff = SpecDiff.compare(facts.before(), facts.after());
    // Directories as reports print them: relative to the working directory, never absolute.
    WorkList work = WorkList.of(diff, facts.after(), rulesDir == null ? null : DisplayPath.of(rulesDir), ruleFiles);
    String o = DisplayPath.of(oldDir);
    String n = DisplayPath.of(newDir);
    String report = switch (format) {
      case text -> DiffText.text(diff, work, o, n);
      case md -> DiffText.markdown(diff, work, o, n);
      case json -> DiffJson.json(diff, work, o, n);
    };
    ReportOutput.write(report, out, spec.commandLine().getOut());
    if (timings) {
      long t2 = System.nanoTime();
      spec.commandLine().getErr().printf(java.util.Locale.ROOT,
          "timings: total %d ms since process start (JVM start included)%n"
              + "  asciidoctorj start %6d ms  (in parallel with reading vk.xml)%n"
              + "  old tree           %6d ms  (waiting for the start, then xml, scan, parse)%n"
              + "  new tree           %6d ms%n"
              + "  compare and write  %6d ms%n",
          Timing.sinceProcessStartMillis(), Timing.ms(facts.timings().asciidoctorStart()),
          Timing.ms(facts.timings().oldTree()), Timing.ms(facts.timings().newTree()), Timing.ms(t2 - t1));
    }
    return 0;
  }
}
