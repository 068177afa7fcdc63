package dev.vkrules.runtime.pipeline;

import dev.vkrules.runtime.Shown;
import dev.vkrules.runtime.profile.JsonValue.JsonObject;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
import dev.vkrules.runtime.profile.JsonValue;
import dev.vkrules.runtime.profile.LenientJsonReader;
import dev.vkrules.runtime.profile.ProfileException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Fossilize archive ({@code .foz}) as a capture's tables: each table is the entries of one tag,
 * and each entry's payload, {@code {"version":6,"<table>":{"<hash>":{...}}}}, is read when a
 * pipeline names it (a few recent ones of the small tables are kept). A module's entry is read and
 * its varint-encoded code decoded only when its stage is validated ({@link ShaderModule.Loader}).
 * Positions in errors name the entry: {@code capture.foz: entry 06.f6afb675e108a8f1:1:245: /pointer: what}.
 */
final class FozCapture implements CaptureTables {
  /** The tag ({@code ResourceTag}, Fossilize's {@code fossilize_types.hpp}) of each table. */
  private static final Map<String, Integer> TAGS = Map.of("samplers", 1, "setLayouts", 2, "pipelineLayouts", 3,
      "shaderModules", 4, "renderPasses", 5, "renderPasses2", 5, "graphicsPipelines", 6, "computePipelines", 7,
      "raytracingPipelines", 9);
  /** How many parsed entries of the small tables are kept (many pipelines name the same layout). */
  private static final int KEPT = 256;

  private final FozArchive archive;
  private final String file;
  /** Recently read entries of samplers, set and pipeline layouts and render passes, by entry name. */
  private final Map<String, Payload> kept = new LinkedHashMap<>(16, 0.75f, true) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Payload> eldest) {
      return size() > KEPT;
    }
  };

  /** An entry's payload as read: the table it holds (its member name) and the object under the entry's hash. */
  private record Payload(String table, JsonValue value) {}

  private FozCapture(FozArchive archive) {
    this.archive = archive;
    this.file = archive.file().toString();
  }

  /**
   * Reads the pipelines of the archive in {@code file}; what is not an archive is one line,
   * {@code FILE: not a Fossilize archive: why}. An archive without pipelines is read (Fossilize
   * writes one before the application creates any) and says so in a note.
   */
  static PipelineDescription read(Path file) throws PipelineException {
    FozArchive archive = FozArchive.open(file);
    PipelineDescription d = new FossilizeReader(new FozCapture(archive)).read(PipelineDescription.Format.FOSSILIZE_ARCHIVE);
    List<String> notes = new ArrayList<>(archive.notes());
    if (notes.isEmpty() && d.pipelines().isEmpty() && d.unread().isEmpty()) {
      notes.add(file + ": the archive holds no graphics, compute or ray tracing pipelines (" + archive.count()
          + (archive.count() == 1 ? " entry)" : " entries)"));
    }
    return new PipelineDescription(d.file(), d.format(), d.pipelines(), d.unread(), notes);
  }

  @Override
  public String file() {
    return file;
  }

  @Override
  public boolean isolated() {
    return true;
  }

  @Override
  public List<String> hashes(String table) {
    List<String> out = new ArrayList<>();
    for (FozArchive.Entry e : archive.entries(TAGS.get(table))) {
      out.add(e.hashText());
    }
    return out;
  }

  /** The entry a table's hash names, or null (a hash that is not 16 hex digits names none). */
  private FozArchive.Entry entry(String table, String hash) {
    if (hash.length() != 16) {
      return null;
    }
    try {
      return archive.entry(TAGS.get(table), Long.parseUnsignedLong(hash, 16));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  @Override
  public boolean has(String table, String hash) {
    FozArchive.Entry e = entry(table, hash);
    if (e == null || e.tag() != 5) {
      return e != null;
    }
    // a render pass entry holds renderPasses or renderPasses2: its payload says which
    try {
      return payload(e).table().equals(table);
    } catch (PipelineException | FozArchive.Damaged x) {
      return table.equals("renderPasses");  // a damaged one is read (and reported) as renderPasses
    }
  }

  @Override
  public JsonValue get(String table, String hash) throws PipelineException, FozArchive.Damaged {
    FozArchive.Entry e = entry(table, hash);
    if (e == null) {
      return null;
    }
    Payload p = payload(e);
    return p.table().equals(table) || e.tag() != 5 ? p.value() : null;
  }

  @Override
  public Source at(String table, String hash, JsonValue value) {
    FozArchive.Entry e = entry(table, hash);
    String name = e == null ? String.format("%02x.%s", TAGS.get(table), hash) : e.name();
    return new Source(file, name, "/" + table + "/" + hash, value.line(), value.column());
  }

  @Override
  public ShaderModule module(String hash, Source at) throws PipelineException {
    FozArchive.Entry e = entry("shaderModules", hash);
    if (e == null) {
      throw JsonStruct.error(at, "module " + Shown.cut(hash) + " is not in the archive (no entry 04." + Shown.cut(hash) + ")");
    }
    String name = archive.file().getFileName() + " shaderModules[" + e.hashText() + "]";
    return new ShaderModule(name, null, null, () -> code(e), e.hashText());
  }

  /** A module entry's code, as the validator reads it: an error is an {@link IOException} naming the entry. */
  private byte[] code(FozArchive.Entry e) throws IOException {
    try {
      byte[] payload = archive.payload(e);
      int nul = 0;
      while (nul < payload.length && payload[nul] != 0) {
        nul++;
      }
      JsonValue v = parse(e, java.util.Arrays.copyOf(payload, nul)).value();
      Source at = new Source(file, e.name(), "/shaderModules/" + e.hashText(), v.line(), v.column());
      if (!(v instanceof JsonObject m)) {
        throw JsonStruct.error(at, "expected an object (a shader module), got " + v.typeName());
      }
      if (m.members().get("code") instanceof JsonString code) {
        byte[] bytes = JsonCapture.base64(code, e.hashText(), at);
        JsonCapture.checkCodeSize(m, bytes.length, at);
        return bytes;
      }
      return VarintCode.decode(m, at, payload, nul + 1);
    } catch (FozArchive.Damaged x) {
      throw new IOException(x.getMessage());
    } catch (PipelineException x) {
      throw new IOException(x.getMessage());
    }
  }

  /** The entry's payload: read (or kept), parsed, and the object under its hash found. */
  private Payload payload(FozArchive.Entry e) throws PipelineException, FozArchive.Damaged {
    boolean small = e.tag() <= 3 || e.tag() == 5;
    Payload p = small ? kept.get(e.name()) : null;
    if (p == null) {
      byte[] bytes;
      try {
        bytes = archive.payload(e);
      } catch (IOException x) {
        throw new PipelineException(file + ": entry " + e.name() + ": cannot read: " + x.getMessage());
      }
      if (e.tag() == 4) {
        int nul = 0;
        while (nul < bytes.length && bytes[nul] != 0) {
          nul++;
        }
        bytes = java.util.Arrays.copyOf(bytes, nul);  // the JSON before the code
      }
      p = parse(e, bytes);
      if (small) {
        kept.put(e.name(), p);
      }
    }
    return p;
  }

  /** Parses an entry's JSON: an object with {@code version} and one table holding the entry's hash. */
  private Payload parse(FozArchive.Entry e, byte[] json) throws PipelineException {
    String name = file + ": entry " + e.name();
    JsonValue root;
    try {
      root = LenientJsonReader.read(json);
    } catch (ProfileException x) {
      throw new PipelineException(name + ":" + x.getMessage().replaceFirst("^(.*) at (\\d+:\\d+)$", "$2: $1"));
    }
    Source top = new Source(file, e.name(), "", root.line(), root.column());
    if (!(root instanceof JsonObject o)) {
      throw JsonStruct.error(top, "expected an object holding the entry's " + expected(e.tag()) + ", got " + root.typeName());
    }
    String table = null;
    for (Map.Entry<String, JsonString> k : o.keys().entrySet()) {
      String key = k.getKey();
      if (key.equals("version")) {
        continue;
      }
      if (table != null || TAGS.get(key) == null || TAGS.get(key) != e.tag()) {
        throw JsonStruct.error(top.member(key, k.getValue().line(), k.getValue().column()), "unexpected member '"
            + Shown.cut(key) + "': an entry of tag " + e.tag() + " holds " + expected(e.tag()) + " (and version)");
      }
      table = key;
    }
    if (table == null) {
      throw JsonStruct.error(top, "the entry holds no " + expected(e.tag()));
    }
    JsonValue t = o.members().get(table);
    Source tableAt = top.member(table, t.line(), t.column());
    if (!(t instanceof JsonObject objects)) {
      throw JsonStruct.error(tableAt, "expected an object keyed by hash, got " + t.typeName());
    }
    JsonValue v = objects.members().get(e.hashText());
    if (v == null || objects.members().size() != 1) {
      throw JsonStruct.error(tableAt, "expected the entry's own hash " + e.hashText() + " alone, got "
          + (objects.members().isEmpty() ? "none" : Shown.cut(String.join(", ", objects.members().keySet()))));
    }
    return new Payload(table, v);
  }

  private static String expected(int tag) {
    List<String> out = new ArrayList<>();
    TAGS.forEach((table, t) -> {
      if (t == tag) {
        out.add(table);
      }
    });
    out.sort(null);
    return String.join(" or ", out);
  }
}
