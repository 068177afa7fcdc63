package dev.vkrules.generator.cli;

import dev.vkrules.generator.extract.ExtractedSpec;
import dev.vkrules.generator.extract.OutputWriter;
import dev.vkrules.generator.extract.SpecExtractor;
import dev.vkrules.generator.extract.Vuid;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code vkrules extract}: spec sources in, rule files (or a validusage.json) out. */
@Command(
    name = "extract",
    mixinStandardHelpOptions = true,
    description = {
        "Extracts the VUIDs, their conditions and the tables from a spec-source tree.",
        "Reads DIR/spirvenv.adoc and DIR/vk.xml.",
        "yaml: one rule file per VUID under OUT/<section>/ (authored parts kept) and OUT/tables/*.yaml.",
        "validusage-json: OUT/validusage.json in the shape of Khronos' validusage.json."})
public final class ExtractCommand implements Callable<Integer> {
  /** The output formats. */
  public enum Format {
    yaml, validusage_json;

    @Override
    public String toString() {
      return name().replace('_', '-');
    }
  }

  @Spec CommandSpec spec;

  @Option(names = "--spec", required = true, paramLabel = "DIR", description = "spec sources directory")
  Path specDir;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "output directory")
  Path out;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "yaml",
      converter = FormatConverter.class, description = "yaml (default) or validusage-json")
  Format format;

  @Option(names = "--allow-shrink", description = "write even when the new appendix lost a section, tables or"
      + " over 10%% of the rules (a real spec update; otherwise taken for a cut or broken input)")
  boolean allowShrink;

  @Option(names = "--timings", description = "print wall time since process start and per part")
  boolean timings;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    SpecExtractor.requireInputs(specDir);
    SpecExtractor.Timed timed;
    try (SpecExtractor extractor = SpecExtractor.start()) {
      timed = extractor.extractTimed(specDir);
    }
    ExtractedSpec extracted = timed.spec();
    extracted.unresolved().forEach(u -> spec.commandLine().getErr().println("vkrules: warning: VUID text left as written: " + u));
    long w0;
    // one extract at a time into one directory: the authored parts read and the files written under the lock
    try (OutputLock lock = OutputLock.acquire(out, spec.commandLine().getErr())) {
      w0 = System.nanoTime();
      if (format == Format.validusage_json) {
        OutputWriter.writeValidUsageJson(extracted, out);
        stdout.println("extracted " + summary(extracted) + " into " + out.resolve("validusage.json"));
      } else {
        OutputWriter.Report report = OutputWriter.writeRules(extracted, out, allowShrink);
        stdout.println("extracted " + summary(extracted) + " into " + out + ": "
            + report.written() + " rule files written, " + report.unchanged() + " unchanged");
        report.stale().forEach(v -> stdout.println("stale: " + v + " changed since its authored.reviewed-hash"));
        report.removed().forEach(v -> stdout.println("retired: " + v + " left the spec; its rule, authored part"
            + " included, moved to " + out.resolve(OutputWriter.RETIRED) + "/"));
        report.deleted().forEach(v -> stdout.println("deleted: " + v + " left the spec (nothing authored)"));
        report.warnings().forEach(w -> spec.commandLine().getErr().println("vkrules: warning: " + w));
      }
    }
    long written = System.nanoTime() - w0;
    if (timings) {
      printTimings(stdout, timed.timings(), written);
    }
    return 0;
  }

  private static String summary(ExtractedSpec s) {
    Map<String, Integer> sections = new TreeMap<>();
    for (Vuid v : s.vuids()) {
      sections.merge(v.section(), 1, Integer::sum);
    }
    StringBuilder sb = new StringBuilder();
    sb.append(s.vuids().size()).append(" VUIDs ").append(sections.toString().replace('=', ' '));
    sb.append(", ").append(s.tables().size()).append(" appendix tables, ")
        .append(s.registry().capabilities().size()).append(" capabilities, ")
        .append(s.registry().extensions().size()).append(" extensions, ")
        .append(s.registry().enableCount()).append(" enables, ")
        .append(s.registry().imageFormats().size()).append(" image formats");
    if (!s.pipelineVuids().isEmpty()) {
      sb.append(", ").append(s.pipelineVuids().size()).append(" pipeline create-info VUIDs");
    }
    return sb.toString();
  }

  private static void printTimings(PrintWriter out, SpecExtractor.Timings t, long writeNanos) {
    Instant start = ProcessHandle.current().info().startInstant().orElse(null);
    long total = start == null ? -1 : Duration.between(start, Instant.now()).toMillis();
    out.printf("timings: total %d ms since process start (JVM start included)%n", total);
    out.printf("  asciidoctorj start %6d ms  (in parallel with xml + scan; waited %d ms for it)%n",
        ms(t.asciidoctorStart()), ms(t.waitForStart()));
    out.printf("  xml (vk.xml)       %6d ms%n", ms(t.xml()));
    out.printf("  scan (directives)  %6d ms%n", ms(t.scan()));
    out.printf("  spec/ (attributes, titles) %6d ms%n", ms(t.specScan()));
    out.printf("  parse (asciidoc)   %6d ms%n", ms(t.parse()));
    out.printf("  write              %6d ms%n", ms(writeNanos));
  }

  private static long ms(long nanos) {
    return nanos / 1_000_000;
  }

  /** Accepts {@code yaml} and {@code validusage-json}. */
  static final class FormatConverter implements picocli.CommandLine.ITypeConverter<Format> {
    @Override
    public Format convert(String value) {
      for (Format f : Format.values()) {
        if (f.toString().equals(value)) {
          return f;
        }
      }
      // worded as picocli words an enum option's bad value, like every other --format
      throw new picocli.CommandLine.TypeConversionException("expected one of "
          + java.util.Arrays.toString(Format.values()) + " (case-sensitive) but was '" + value + "'");
    }
  }
}
