package dev.vkrules.generator.requirements;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The authored corrections in {@code rules/overrides/requirements.yaml}, applied on top of the
 * extracted requirement tables. An override whose correction upstream has made itself (the
 * registry now writes the replacement version, or already lists the added alternative) retires
 * for that entry: it is skipped and reported by {@link #retirements}, so a spec update never
 * stops on a fix it wanted. An override naming an entry the tables do not have is an error.
 */
public final class Overrides {
  /**
   * Path inside {@code rules/}. Not under {@code rules/tables/}, which {@code vkrules extract}
   * owns and rewrites.
   */
  public static final String FILE = "overrides/requirements.yaml";

  /** One override as written. Exactly one of {@code replaceVersion} and {@code addAlternative} is set. */
  public record Override(
      String id,
      @JsonProperty("replace-version") Map<String, String> replaceVersion,
      @JsonProperty("add-alternative") AddAlternative addAlternative,
      List<String> capabilities,
      List<String> extensions,
      String reason,
      String upstream) {}

  public record AddAlternative(@JsonProperty("all-of") List<EnableSpec> allOf) {}

  /** An alternative as written in YAML. */
  public record EnableSpec(
      String version, String extension, String struct, String feature, String property, String member,
      String value, List<String> requires) {

    public Enable toEnable() {
      List<String> req = requires == null ? List.of() : requires;
      if (version != null) {
        return Enable.version(version);
      } else if (extension != null) {
        return Enable.extension(extension);
      } else if (struct != null && feature != null) {
        return Enable.feature(struct, feature, req, "");
      } else if (property != null && member != null && value != null) {
        return Enable.property(property, member, value, req);
      }
      return null;
    }
  }

  record File(List<Override> overrides) {}

  /** An override no longer needed for one entry, because upstream made the same correction. */
  public record Retirement(String id, String kind, String name, String why) {
    /** One line for a build warning or an update record. */
    public String describe() {
      return "override '" + id + "' retired for " + kind + " " + name + ": " + why + "; remove it from rules/" + FILE;
    }
  }

  private final List<Override> overrides;
  private final String fileName;
  private final List<String> lines;

  private Overrides(List<Override> overrides, String fileName, List<String> lines) {
    this.overrides = List.copyOf(overrides);
    this.fileName = fileName;
    this.lines = lines;
  }

  public List<Override> list() {
    return overrides;
  }

  /** Reads the overrides file; {@code displayName} is how errors name the file. */
  public static Overrides read(Path file, String displayName) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + displayName + ": " + e.getClass().getSimpleName());
    }
    return parse(text, displayName);
  }

  static Overrides parse(String text, String displayName) {
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
        .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
    File file;
    try {
      file = yaml.readValue(text, File.class);
    } catch (UnrecognizedPropertyException e) {
      // records are built after their whole mapping is read, so Jackson's location is the end
      // of the mapping; find the key's own line instead
      String key = e.getPropertyName();
      List<String> lines = text.lines().toList();
      int line = 1;
      int column = 1;
      for (int i = 0; i < lines.size(); i++) {
        int at = lines.get(i).indexOf(key + ":");
        if (at >= 0) {
          line = i + 1;
          column = at + 1;
          break;
        }
      }
      java.util.TreeSet<String> known = new java.util.TreeSet<>();
      e.getKnownPropertyIds().forEach(k -> known.add(String.valueOf(k)));
      throw new GeneratorException(displayName + ":" + line + ":" + column + ": unknown key '" + key + "', expected one of " + known);
    } catch (JacksonException e) {
      JsonLocation at = e.getLocation();
      String pos = at == null ? "1:1" : at.getLineNr() + ":" + at.getColumnNr();
      String msg = e.getOriginalMessage().lines().findFirst().orElse("malformed yaml");
      throw new GeneratorException(displayName + ":" + pos + ": " + msg.substring(0, 1).toLowerCase(java.util.Locale.ROOT) + msg.substring(1));
    }
    if (file == null || file.overrides() == null) {
      throw new GeneratorException(displayName + ":1:1: expected a top-level 'overrides' list");
    }
    Overrides result = new Overrides(file.overrides(), displayName, text.lines().toList());
    for (Override o : file.overrides()) {
      result.validate(o);
    }
    return result;
  }

  private void validate(Override o) {
    if (o.id() == null || o.id().isBlank()) {
      throw new GeneratorException(fileName + ": an override has no 'id'");
    }
    String where = fileName + ":" + lineOf(o.id()) + ": override '" + o.id() + "'";
    if ((o.replaceVersion() == null) == (o.addAlternative() == null)) {
      throw new GeneratorException(where + " needs exactly one of replace-version and add-alternative");
    }
    if (o.reason() == null || o.reason().isBlank() || o.upstream() == null || o.upstream().isBlank()) {
      throw new GeneratorException(where + " needs a 'reason' and an 'upstream' reference");
    }
    if (names(o.capabilities()).isEmpty() && names(o.extensions()).isEmpty()) {
      throw new GeneratorException(where + " names no capabilities or extensions");
    }
    if (o.replaceVersion() != null && (o.replaceVersion().get("from") == null || o.replaceVersion().get("to") == null)) {
      throw new GeneratorException(where + ": replace-version needs 'from' and 'to'");
    }
    if (o.addAlternative() != null) {
      List<EnableSpec> parts = o.addAlternative().allOf();
      if (parts == null || parts.size() < 2) {
        throw new GeneratorException(where + ": add-alternative.all-of needs at least two parts");
      }
      for (EnableSpec part : parts) {
        if (part.toEnable() == null) {
          throw new GeneratorException(where + ": an all-of part has none of the forms version, extension, struct+feature, property+member+value");
        }
      }
    }
  }

  private int lineOf(String id) {
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.equals("- id: " + id) || line.equals("id: " + id)) {
        return i + 1;
      }
    }
    return 1;
  }

  private static List<String> names(List<String> list) {
    return list == null ? List.of() : list;
  }

  /** Which overrides upstream has made unnecessary for which entries, in file order. */
  public List<Retirement> retirements(RequirementTable extracted) {
    List<Retirement> out = new ArrayList<>();
    for (Override o : overrides) {
      for (String name : names(o.capabilities())) {
        retirement(o, extracted.capabilities(), name, "capability").ifPresent(out::add);
      }
      for (String name : names(o.extensions())) {
        retirement(o, extracted.extensions(), name, "extension").ifPresent(out::add);
      }
    }
    return out;
  }

  private java.util.Optional<Retirement> retirement(Override o, List<RequirementEntry> entries, String name, String kind) {
    RequirementEntry entry = entries.stream().filter(e -> e.name().equals(name)).findFirst().orElse(null);
    if (entry == null) {
      return java.util.Optional.empty();
    }
    if (o.replaceVersion() != null) {
      String from = o.replaceVersion().get("from");
      String to = o.replaceVersion().get("to");
      boolean hasFrom = entry.enables().stream().anyMatch(e -> e.kind() == Enable.Kind.VERSION && e.version().equals(from));
      boolean hasTo = entry.enables().stream().anyMatch(e -> e.kind() == Enable.Kind.VERSION && e.version().equals(to));
      if (hasFrom) {
        return java.util.Optional.empty();
      }
      return java.util.Optional.of(new Retirement(o.id(), kind, name, hasTo
          ? "the registry writes version=\"" + to + "\" itself"
          : "the registry no longer writes version=\"" + from + "\" (upstream corrected the entry otherwise; review it)"));
    }
    Enable added = Enable.allOf(o.addAlternative().allOf().stream().map(EnableSpec::toEnable).toList());
    return entry.enables().contains(added)
        ? java.util.Optional.of(new Retirement(o.id(), kind, name, "the registry lists the added alternative itself"))
        : java.util.Optional.empty();
  }

  /**
   * Applies every override to {@code extracted}, skipping those {@link #retirements} names;
   * fails if one names an entry the tables do not have.
   */
  public RequirementTable apply(RequirementTable extracted) {
    List<RequirementEntry> caps = new ArrayList<>(extracted.capabilities());
    List<RequirementEntry> exts = new ArrayList<>(extracted.extensions());
    for (Override o : overrides) {
      for (String name : names(o.capabilities())) {
        applyTo(o, caps, name, "capability");
      }
      for (String name : names(o.extensions())) {
        applyTo(o, exts, name, "extension");
      }
    }
    return new RequirementTable(caps, exts);
  }

  /** One entry with only the overrides that name it applied (for comparing single entries with vk.xml). */
  public RequirementEntry applyTo(RequirementEntry entry) {
    List<RequirementEntry> single = new ArrayList<>(List.of(entry));
    boolean capability = entry.kind() == RequirementEntry.Kind.CAPABILITY;
    for (Override o : overrides) {
      if (names(capability ? o.capabilities() : o.extensions()).contains(entry.name())) {
        applyTo(o, single, entry.name(), capability ? "capability" : "extension");
      }
    }
    return single.get(0);
  }

  private void applyTo(Override o, List<RequirementEntry> entries, String name, String kind) {
    String where = fileName + ":" + lineOf(o.id()) + ": override '" + o.id() + "'";
    int index = -1;
    for (int i = 0; i < entries.size(); i++) {
      if (entries.get(i).name().equals(name)) {
        index = i;
      }
    }
    if (index < 0) {
      throw new GeneratorException(where + " names " + kind + " " + name + ", which the extracted tables do not have");
    }
    RequirementEntry entry = entries.get(index);
    if (retirement(o, entries, name, kind).isPresent()) {
      return;
    }
    List<Enable> enables = new ArrayList<>(entry.enables());
    if (o.replaceVersion() != null) {
      String from = o.replaceVersion().get("from");
      for (int i = 0; i < enables.size(); i++) {
        if (enables.get(i).kind() == Enable.Kind.VERSION && enables.get(i).version().equals(from)) {
          enables.set(i, Enable.version(o.replaceVersion().get("to")));
        }
      }
    } else {
      enables.add(Enable.allOf(o.addAlternative().allOf().stream().map(EnableSpec::toEnable).toList()));
    }
    entries.set(index, entry.withEnables(enables, o.id()));
  }
}
