package dev.vkrules.generator.audit;

import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.requirements.ApiVersions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code vkrules coverage}: which VUIDs vkrules checks, and how well. */
@Command(
    name = "coverage",
    mixinStandardHelpOptions = true,
    description = {"Reports how every VUID of the rule files is checked.",
        "For each VUID: its section, condition, status, examples, generated-test outcome, staleness and whether"
            + " spirv-val (the release matching the pin) knows it; with totals per section and status and slices by"
            + " target, condition and extension."},
    exitCodeListHeading = "Exit codes:%n",
    exitCodeList = {"0:report written", "1:checked coverage below --fail-under", "2:usage or input error"})
public final class CoverageCommand implements Callable<Integer> {
  /** Output formats. */
  public enum Format { text, md, html, json, csv }

  @Spec CommandSpec spec;

  @Option(names = "--rules", paramLabel = "DIR", defaultValue = "rules",
      description = "rule files to report on (default: ${DEFAULT-VALUE})")
  Path rules;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text, md, html, json or csv (default: ${DEFAULT-VALUE})")
  Format format;

  @Option(names = "--target-env", paramLabel = "ENV",
      description = "report only the VUIDs that apply under one of vulkan1.0 .. vulkan1.4")
  String targetEnv;

  @Option(names = "--spec", paramLabel = "DIR", defaultValue = "spec-sources",
      description = "spec sources whose vk.xml says which condition attributes are API versions (default: ${DEFAULT-VALUE})")
  Path specDir;

  @Option(names = "--extension", paramLabel = "NAME", arity = "1..*",
      description = "count only these extension attributes as set (default: all of them)")
  List<String> extensions;

  @Option(names = "--fail-under", paramLabel = "N",
      description = "exit 1 when checked coverage is below N percent")
  Double failUnder;

  @Option(names = "--test-reports", paramLabel = "DIR", defaultValue = "generated-tests/target/surefire-reports",
      description = "Surefire reports of the generated tests (default: ${DEFAULT-VALUE})")
  Path testReports;

  @Option(names = "--spirv-val-list", paramLabel = "FILE",
      description = "the VUIDs spirv-val knows (default: the list peers/spirv-tools-releases.tsv names for the"
          + " release of --spec's vk.xml)")
  Path peerList;

  @Option(names = "--peers", paramLabel = "DIR", defaultValue = "peers", hidden = true,
      description = "the peers directory with spirv-tools-releases.tsv (default: ${DEFAULT-VALUE})")
  Path peersDir;

  @Option(names = "--timings", description = "print wall time since process start to standard error")
  boolean timings;

  @Option(names = "--out", paramLabel = "FILE", description = "write the report here instead of standard output")
  Path out;

  @Override
  public Integer call() {
    Path vkXml = specDir.resolve("vk.xml");
    if (!Files.isRegularFile(vkXml)) {
      throw new GeneratorException("vk.xml not found: " + vkXml + " (see --spec)");
    }
    ApiVersions versions = ApiVersions.read(vkXml);
    if (targetEnv != null) {
      AttributeSet.of(targetEnv, versions);
    }
    if (failUnder != null && (failUnder < 0 || failUnder > 100)) {
      throw new GeneratorException("--fail-under must be between 0 and 100, got " + failUnder);
    }
    PeerList peers;
    if (peerList != null) {
      if (!Files.isRegularFile(peerList)) {
        throw new GeneratorException("spirv-val list not found: " + peerList + " (see --spirv-val-list)");
      }
      peers = PeerList.read(peerList);
    } else {
      peers = PeerList.forRelease(peersDir, PeerList.release(vkXml));
    }
    SortedSet<String> exts = extensions == null ? null : new TreeSet<>(extensions);
    if (exts != null) {
      // a misspelt name would select nothing and still print a plausible report: checked against vk.xml
      java.util.SortedSet<String> known = dev.vkrules.generator.requirements.VkXmlExtensions.read(vkXml);
      for (String e : exts) {
        if (!known.contains(e)) {
          throw new GeneratorException("--extension: unknown extension '" + e + "': " + vkXml + " registers no such"
              + " extension" + dev.vkrules.generator.rules.Suggest.didYouMean(e, known));
        }
      }
      AttributeSet.parse(AttributeSet.ENVIRONMENTS.get(0), exts, versions);
    }
    Coverage c = Coverage.compute(RuleDirectory.read(rules), TestResults.read(testReports),
        peers, new Coverage.Selection(targetEnv, exts, versions));
    String report = switch (format) {
      case text -> CoverageText.text(c);
      case md -> CoverageText.markdown(c);
      case html -> CoverageHtml.html(c);
      case json -> CoverageJson.json(c);
      case csv -> CoverageJson.csv(c);
    };
    ReportOutput.write(report, out, spec.commandLine().getOut());
    if (timings) {
      spec.commandLine().getErr().printf("timings: total %d ms since process start (JVM start included)%n",
          Timing.sinceProcessStartMillis());
    }
    Tally t = c.total();
    if (failUnder != null && t.checkedPercent() < failUnder) {
      spec.commandLine().getErr().println("vkrules: checked coverage "
          + Tally.percent(t.checkedPercent()) + "% (" + t.checked() + " of " + t.total()
          + ") is below --fail-under " + failUnder);
      return 1;
    }
    return 0;
  }
}
