package dev.vkrules.generator.cli;

import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.tables.CsvPublisher;
import dev.vkrules.generator.tables.DeviceTables;
import dev.vkrules.generator.tables.HtmlPublisher;
import dev.vkrules.generator.tables.JsonPublisher;
import dev.vkrules.generator.tables.MarkdownPublisher;
import dev.vkrules.generator.tables.PublishedTable;
import dev.vkrules.generator.tables.RuleTables;
import dev.vkrules.generator.tables.RuleTablesReader;
import dev.vkrules.generator.tables.TableCatalog;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code vkrules tables}: publishes the rule tables as Markdown, HTML, CSV or JSON. */
@Command(
    name = "tables",
    mixinStandardHelpOptions = true,
    description = {
        "Publishes the appendix's tables as Markdown, HTML, CSV or JSON.",
        "Reads RULES/tables/ and RULES/overrides/: capability and extension requirements, SPIR-V image"
            + " format <-> VkFormat, image format/type matching, precision tables; with --profile, the format"
            + " features of those devices (tables device-formats).",
        "Formats and schemas: docs/tables.md."})
public final class TablesCommand implements Callable<Integer> {
  /** The tables {@code --profile} adds. */
  public static final String DEVICE_FORMATS = "device-formats";

  /** The output formats. */
  public enum Format { md, html, csv, json }

  @Spec CommandSpec spec;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "md",
      description = "md (default), html, csv or json")
  Format format;

  @Option(names = "--table", paramLabel = "NAME", description = "publish only these tables (repeatable)")
  List<String> only = new ArrayList<>();

  @Option(names = "--rules", paramLabel = "DIR", defaultValue = "rules", description = "rules directory (default: rules)")
  Path rules;

  /** As given: a trailing separator ({@code out/}) asks for a directory, which a Path would drop. */
  @Option(names = "--out", paramLabel = "FILE", description = "write to FILE instead of standard output;"
      + " with csv, FILE.zip or a directory (DIR/) gets one file per table beside the long form tables.csv")
  String outArg;

  @Option(names = "--profile", paramLabel = "FILE|DIR",
      description = "a device description (Vulkan Profiles JSON, vulkaninfo --json) or a directory of them, repeatable:"
          + " adds the device-formats tables, the format features of every device")
  List<Path> profiles = new ArrayList<>();

  @Option(names = "--profile-name", paramLabel = "NAME", description = "the profile to use when a file holds several")
  String profileName;

  /** Reads device descriptions; null when only the generator is on the class path. */
  private final DeviceTables deviceTables;

  public TablesCommand() {
    this(null);
  }

  public TablesCommand(DeviceTables deviceTables) {
    this.deviceTables = deviceTables;
  }

  @Override
  public Integer call() {
    if (!RuleTablesReader.present(rules)) {
      throw new GeneratorException("no rule tables in " + rules.resolve("tables")
          + "; run ./vkrules extract --spec spec-sources --out " + rules + " first");
    }
    RuleTables tables = RuleTablesReader.read(rules);
    List<PublishedTable> all = new ArrayList<>(TableCatalog.build(tables));
    if (!profiles.isEmpty()) {
      if (deviceTables == null) {
        throw new GeneratorException("--profile needs the runtime on the class path (run it through ./vkrules)");
      }
      all.addAll(deviceTables.build(tables, profiles, profileName));
    } else if (only.contains(DEVICE_FORMATS)) {
      throw new GeneratorException("the device-formats tables need the devices: --profile FILE|DIR");
    }
    List<PublishedTable> selected = select(all, only);
    Path out = outArg == null ? null : Path.of(outArg);
    if (format == Format.csv && out != null && (outArg.endsWith(".zip") || isDirectory(outArg))) {
      writeSheets(out, CsvPublisher.files(selected));
      return 0;
    }
    String text = switch (format) {
      case md -> MarkdownPublisher.render(selected);
      case html -> HtmlPublisher.render(selected);
      case csv -> CsvPublisher.render(selected);
      case json -> JsonPublisher.render(tables, selected);
    };
    if (out == null) {
      spec.commandLine().getOut().print(text);
      spec.commandLine().getOut().flush();
    } else {
      write(out, text);
    }
    return 0;
  }

  static List<PublishedTable> select(List<PublishedTable> all, List<String> names) {
    if (names.isEmpty()) {
      return all;
    }
    List<String> known = new ArrayList<>(TableCatalog.names(all));
    if (known.stream().anyMatch(k -> inFamily(DEVICE_FORMATS, k))) {
      known.add(DEVICE_FORMATS);
    }
    for (String n : names) {
      if (!known.contains(n)) {
        throw new GeneratorException("unknown table '" + n + "', expected one of " + String.join(", ", known));
      }
    }
    return all.stream().filter(t -> names.stream().anyMatch(n -> n.equals(t.name()) || inFamily(n, t.name()))).toList();
  }

  /** {@code device-formats} names the family of per-feature tables {@code device-formats-*}. */
  private static boolean inFamily(String family, String name) {
    return family.equals(DEVICE_FORMATS) && name.startsWith(DEVICE_FORMATS + "-");
  }

  /** A directory: one that exists, or a path written with a trailing separator ({@code out/}). */
  private static boolean isDirectory(String out) {
    return Files.isDirectory(Path.of(out)) || out.endsWith("/") || out.endsWith(java.io.File.separator);
  }

  /**
   * One csv file per table: into a zip (entries in catalog order, with a fixed time, so the
   * same tables give the same bytes) or a directory, each file written whole.
   */
  static void writeSheets(Path out, Map<String, String> files) {
    if (out.toString().endsWith(".zip")) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ZipOutputStream zip = new ZipOutputStream(bytes, StandardCharsets.UTF_8)) {
        for (Map.Entry<String, String> f : files.entrySet()) {
          ZipEntry e = new ZipEntry(f.getKey());
          e.setTimeLocal(FIXED_TIME);
          zip.putNextEntry(e);
          zip.write(f.getValue().getBytes(StandardCharsets.UTF_8));
          zip.closeEntry();
        }
      } catch (IOException e) {
        throw new GeneratorException("cannot write " + out + ": " + dev.vkrules.generator.TextFiles.reason(e));
      }
      try {
        dev.vkrules.generator.TextFiles.replace(out, bytes.toByteArray());
      } catch (IOException e) {
        throw new GeneratorException("cannot write " + out + ": " + dev.vkrules.generator.TextFiles.reason(e));
      }
      return;
    }
    files.forEach((name, text) -> write(out.resolve(name), text));
  }

  /** The time of every zip entry: the output depends on the tables only. */
  private static final LocalDateTime FIXED_TIME = LocalDateTime.of(2000, 1, 1, 0, 0);

  /** Writes next to the target, then moves over it: never a half-written file. */
  static void write(Path file, String text) {
    try {
      dev.vkrules.generator.TextFiles.replace(file, text);
    } catch (IOException e) {
      throw new GeneratorException("cannot write " + file + ": " + dev.vkrules.generator.TextFiles.reason(e));
    }
  }
}
