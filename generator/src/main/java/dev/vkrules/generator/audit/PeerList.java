package dev.vkrules.generator.audit;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The VUIDs a peer validator knows, read from a data file such as
 * {@code peers/spirv-val-2023.1.vuids}: one VUID a line, {@code #} comments (the provenance).
 */
public final class PeerList {
  private static final Pattern VUID = Pattern.compile("VUID-[A-Za-z0-9_]+-[A-Za-z0-9_]+-[0-9]+");

  private final String name;
  private final SortedSet<String> vuids;

  private PeerList(String name, SortedSet<String> vuids) {
    this.name = name;
    this.vuids = Collections.unmodifiableSortedSet(vuids);
  }

  /** An empty list: nothing known about the peer. */
  public static PeerList empty(String name) {
    return new PeerList(name, new TreeSet<>());
  }

  private static final Pattern HEADER_VERSION = Pattern.compile("#define\\s+VK_HEADER_VERSION\\s+(\\d+)");
  private static final Pattern HEADER_COMPLETE = Pattern.compile(
      "#define\\s+VK_HEADER_VERSION_COMPLETE\\s+VK_MAKE_API_VERSION\\(\\s*\\d+,\\s*(\\d+),\\s*(\\d+),");

  /** The spec release a registry describes ({@code 1.4.357}), from its header version defines. */
  public static String release(Path vkXml) {
    String text;
    try {
      // the defines carry markup (#define <name>VK_HEADER_VERSION</name> 357): match their text
      text = Files.readString(vkXml, StandardCharsets.UTF_8).replaceAll("</?(name|type)>", "");
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + vkXml + ": " + e.getMessage());
    }
    java.util.regex.Matcher patch = HEADER_VERSION.matcher(text);
    java.util.regex.Matcher complete = HEADER_COMPLETE.matcher(text);
    if (!patch.find() || !complete.find()) {
      throw new GeneratorException(vkXml.getFileName() + ": no VK_HEADER_VERSION and VK_HEADER_VERSION_COMPLETE defines");
    }
    return complete.group(1) + "." + complete.group(2) + "." + patch.group(1);
  }

  /**
   * The peer list that {@code peersDir/spirv-tools-releases.tsv} names for a spec release; an
   * empty list named for what is missing when the release has no row or no list, so a new
   * release without its oracle reports "spirv-val knows: 0", never a stopped command.
   */
  public static PeerList forRelease(Path peersDir, String release) {
    Path tsv = peersDir.resolve("spirv-tools-releases.tsv");
    if (!Files.isRegularFile(tsv)) {
      return empty("no " + tsv.getFileName());
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(tsv, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + tsv + ": " + e.getMessage());
    }
    for (String line : lines) {
      String[] cols = line.split("\t");
      if (cols.length >= 4 && cols[0].equals(release)) {
        return cols[3].equals("-") ? empty("no spirv-val list for " + release) : read(peersDir.resolve(cols[3]));
      }
    }
    return empty("no spirv-val registered for " + release + " in " + tsv.getFileName());
  }

  public static PeerList read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new GeneratorException("cannot read peer list " + file + ": " + e.getMessage());
    }
    SortedSet<String> vuids = new TreeSet<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (!VUID.matcher(line).matches()) {
        throw new GeneratorException("not a VUID '" + line + "' at " + file.getFileName() + ":" + (i + 1));
      }
      vuids.add(line);
    }
    return new PeerList(file.getFileName().toString(), vuids);
  }

  /** The data file's name, for reports. */
  public String name() {
    return name;
  }

  public boolean knows(String vuid) {
    return vuids.contains(vuid);
  }

  public SortedSet<String> vuids() {
    return vuids;
  }
}
