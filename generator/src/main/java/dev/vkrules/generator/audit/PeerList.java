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
