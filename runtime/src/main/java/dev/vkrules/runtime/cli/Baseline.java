package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.rules.RuleCatalog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * {@code validate --write-baseline FILE} / {@code --baseline FILE}: the findings a project has
 * accepted, so that only new ones fail. A finding is matched by its VUID, its module's path
 * relative to the baseline's folder ('/' separators) and its instruction as disassembly with
 * numeric ids written {@code %_} and the number the disassembler appends to a derived name
 * written {@code _N} ({@code %_ptr_Uniform_26} is {@code %_ptr_Uniform_N}; named ids kept): word
 * offsets and ids move with unrelated edits, these do not. The same finding twice on one module is
 * counted, so a third copy is new. Malformed modules and vkrules' own errors are never baselined.
 */
final class Baseline {
  static final String SCHEMA = "vkrules-baseline/1";
  private static final Pattern NUMERIC_ID = Pattern.compile("%[0-9]+\\b");
  /** The id or value the disassembler appends to a derived name ({@code %_ptr_Uniform_26}, {@code %uint_3}). */
  private static final Pattern NUMBERED_NAME = Pattern.compile("(%[A-Za-z_][A-Za-z0-9_]*?)_[0-9]+\\b");

  /** One accepted finding. */
  record Key(String file, String vuid, String instruction) implements Comparable<Key> {
    // not Comparator's combinators (serializable lambdas, which the AOT cache does not keep)
    private static final Comparator<Key> ORDER = (a, b) -> {
      int c = a.file().compareTo(b.file());
      if (c == 0) {
        c = a.vuid().compareTo(b.vuid());
      }
      return c != 0 ? c : a.instruction().compareTo(b.instruction());
    };

    @Override
    public int compareTo(Key o) {
      return ORDER.compare(this, o);
    }
  }

  private final Path folder;
  /** What is still unmatched: key to count. */
  private final Map<Key, Integer> remaining;

  private Baseline(Path folder, Map<Key, Integer> entries) {
    this.folder = folder;
    this.remaining = entries;
  }

  /** An empty baseline for writing one beside {@code file}. */
  static Baseline forWriting(Path file) {
    return new Baseline(folderOf(file), new TreeMap<>());
  }

  private static Path folderOf(Path file) {
    Path parent = file.toAbsolutePath().normalize().getParent();
    return parent == null ? Path.of("/") : parent;
  }

  /** Whether a diagnostic can be baselined: a rule's finding, not a malformed module or a vkrules error. */
  static boolean eligible(Diagnostic d) {
    return !d.vuid().isEmpty() && !d.isInternalError();
  }

  /** The key of a finding on module {@code name} ({@code -} stays {@code -}). */
  Key key(String name, Diagnostic d) {
    String file = name;
    if (!name.equals("-")) {
      Path abs = Names.path(name).toAbsolutePath().normalize();
      // a byte that is not UTF-8 kept as \xHH (Names), so the key is JSON text and stable
      file = Names.shown(Names.of(abs.startsWith(folder) ? folder.relativize(abs) : abs).replace('\\', '/'));
    }
    String instruction = NUMERIC_ID.matcher(d.instruction()).replaceAll("%_");
    return new Key(file, d.vuid(), NUMBERED_NAME.matcher(instruction).replaceAll("$1_N"));
  }

  /** Counts a finding in (writing). */
  void add(Key k) {
    remaining.merge(k, 1, Baseline::sum);
  }

  /** A count, saturating at the largest a baseline holds (a count is a number compared, never a loop bound). */
  private static int sum(int a, int b) {
    return (int) Math.min(Integer.MAX_VALUE, (long) a + b);
  }

  /** Takes one accepted copy of {@code k}; false when the finding is new. */
  synchronized boolean take(Key k) {
    Integer n = remaining.get(k);
    if (n == null) {
      return false;
    }
    if (n == 1) {
      remaining.remove(k);
    } else {
      remaining.put(k, n - 1);
    }
    return true;
  }

  /**
   * The accepted findings no module raised any more (SARIF {@code baselineState: absent}), sorted,
   * each once however many copies of it are missing ({@link #absentCount} counts them).
   */
  List<Key> absent() {
    return new ArrayList<>(new TreeMap<>(remaining).keySet());
  }

  /** How many accepted copies no module raised any more. */
  long absentCount() {
    return size();
  }

  /** Total findings held. */
  long size() {
    return remaining.values().stream().mapToLong(Integer::longValue).sum();
  }

  /** The folder paths are relative to. */
  Path folder() {
    return folder;
  }

  /** The file's text: deterministic (sorted keys and entries), one finding per entry with its count. */
  String text() {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("schema", SCHEMA);
    root.put("spec", RuleCatalog.SPEC_RELEASE);
    ArrayNode findings = root.putArray("findings");
    new TreeMap<>(remaining).forEach((k, n) -> {
      ObjectNode o = findings.addObject();
      o.put("file", k.file());
      o.put("vuid", k.vuid());
      o.put("instruction", k.instruction());
      o.put("count", n);
    });
    try {
      return mapper.writeValueAsString(root).replace("\r\n", "\n") + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Reads a baseline; a file that is not one is a one-line {@link ValidateCommand.Problem}. */
  static Baseline read(Path file) {
    String shown = file.toString();
    byte[] bytes;
    try {
      bytes = dev.vkrules.runtime.InputFiles.read(file, dev.vkrules.runtime.InputFiles.MAX_BASELINE, "a baseline");
    } catch (IOException e) {
      throw new ValidateCommand.Problem("cannot read " + shown + ": " + Io.reason(e));
    }
    return read(file, bytes);
  }

  /** Reads the baseline {@code bytes} read from {@code file} (which names it and is its paths' base). */
  static Baseline read(Path file, byte[] bytes) {
    String shown = file.toString();
    // read as a stream of tokens into the keys: memory is the entries, not a tree of the document
    try (JsonParser p = FACTORY.createParser(bytes)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw notBaseline(shown);
      }
      String schema = null;
      Map<Key, Integer> entries = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken t = p.nextToken();
        if (name.equals("schema") && t == JsonToken.VALUE_STRING) {
          schema = p.getText();
        } else if (name.equals("findings")) {
          if (t != JsonToken.START_ARRAY) {
            throw new ValidateCommand.Problem(at(shown, p) + ": \"findings\" must be a list");
          }
          entries = findings(p, shown);
        } else {
          p.skipChildren();
        }
      }
      if (!SCHEMA.equals(schema)) {
        throw notBaseline(shown);
      }
      if (entries == null) {
        throw new ValidateCommand.Problem(shown + ": \"findings\" must be a list");
      }
      if (p.nextToken() != null) {
        throw new ValidateCommand.Problem(at(shown, p) + ": not a vkrules baseline (content after the document)");
      }
      return new Baseline(folderOf(file), entries);
    } catch (JsonProcessingException e) {
      var at = e.getLocation();
      throw new ValidateCommand.Problem(shown + (at == null ? "" : ":" + at.getLineNr() + ":" + at.getColumnNr())
          + ": not a vkrules baseline (not valid JSON: " + dev.vkrules.runtime.Shown.cut(
              e.getOriginalMessage().lines().findFirst().orElse("")) + ")");
    } catch (IOException e) {
      throw new ValidateCommand.Problem("cannot read " + shown + ": " + Io.reason(e));
    }
  }

  /** Bounds of a baseline's JSON: nesting (an entry is two levels down), string and number length. */
  private static final com.fasterxml.jackson.core.JsonFactory FACTORY = com.fasterxml.jackson.core.JsonFactory.builder()
      .streamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder().maxNestingDepth(16)
          .maxNumberLength(100).maxStringLength(1 << 20).build())
      .build();

  private static ValidateCommand.Problem notBaseline(String shown) {
    return new ValidateCommand.Problem(shown + ": not a vkrules baseline (no \"schema\": \"" + SCHEMA
        + "\"; write one with validate --write-baseline)");
  }

  private static String at(String shown, JsonParser p) {
    var l = p.currentTokenLocation();
    return shown + ":" + l.getLineNr() + ":" + l.getColumnNr();
  }

  private static Map<Key, Integer> findings(JsonParser p, String shown) throws IOException {
    Map<Key, Integer> entries = new TreeMap<>();
    int i = 0;
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      String where = at(shown, p) + ": /findings/" + i++;
      if (t != JsonToken.START_OBJECT) {
        throw new ValidateCommand.Problem(where + ": a finding is an object of file, vuid, instruction and count");
      }
      Map<String, String> text = new java.util.HashMap<>();
      long count = -1;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken v = p.nextToken();
        if (name.equals("count")) {
          count = v == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT ? p.getIntValue()
              : v == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER
                  ? Long.MAX_VALUE : -1;
          if (count < 1 || count > Integer.MAX_VALUE) {
            throw new ValidateCommand.Problem(where + "/count: \"count\" must be a whole number from 1 to "
                + Integer.MAX_VALUE + ", got " + dev.vkrules.runtime.Shown.cut(p.getText()));
          }
        } else if (v == JsonToken.VALUE_STRING) {
          text.put(name, p.getText());
        } else {
          p.skipChildren();
          text.remove(name);
        }
      }
      for (String field : List.of("file", "vuid", "instruction")) {
        if (!text.containsKey(field)) {
          throw new ValidateCommand.Problem(where + ": \"" + field + "\" must be text");
        }
      }
      if (count < 1) {
        throw new ValidateCommand.Problem(where + ": \"count\" must be a whole number of at least 1");
      }
      entries.merge(new Key(text.get("file"), text.get("vuid"), text.get("instruction")), (int) count, Baseline::sum);
    }
    return entries;
  }
}
