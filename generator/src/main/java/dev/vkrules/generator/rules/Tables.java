package dev.vkrules.generator.rules;

import static dev.vkrules.generator.rules.CompileContext.LOGIC;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The extracted tables ({@code rules/tables/*.yaml}) as the {@code lookup} construct reads
 * them: a table is a list of columns and rows of plain-text cells (spans expanded). The
 * first column is the key. The cells a check compares are compiled into the checker, so
 * the spec's table, not the rule author, supplies the values.
 */
public final class Tables {
  /** One table: column names and rows of cell texts. */
  public record Table(String name, List<String> columns, List<List<String>> rows) {}

  private final Path dir;
  private final Map<String, Table> cache = new TreeMap<>();

  public Tables(Path dir) {
    this.dir = dir;
  }

  /** The directory the tables are read from, {@code rules/tables} (null when there is none). */
  Path dir() {
    return dir;
  }

  /** The table {@code name}, read from {@code name.yaml}; an error at {@code pos} when absent. */
  public Table get(String name, YNode.Pos pos) {
    Table cached = cache.get(name);
    if (cached != null) {
      return cached;
    }
    Path file = dir == null ? null : dir.resolve(name + ".yaml");
    if (file == null || !Files.isRegularFile(file)) {
      List<String> known = new ArrayList<>();
      try (var s = dir == null || !Files.isDirectory(dir) ? java.util.stream.Stream.<Path>empty() : Files.list(dir)) {
        s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml"))
            .map(n -> n.substring(0, n.length() - 5)).sorted().forEach(known::add);
      } catch (IOException e) {
        throw new GeneratorException("cannot list " + dir + ": " + e.getMessage());
      }
      throw new RuleError(pos, "unknown table '" + name + "'" + Suggest.didYouMean(name, known));
    }
    try {
      Table t = TableFormat.read(name, file.toString(), Files.readString(file));
      cache.put(name, t);
      return t;
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + file + ": " + e.getMessage());
    }
  }

  /** Tables have no row-typed paths in this version; kept for the path compiler's dispatch. */
  static PathCompiler.Val column(VType.Row row, CodeBlock code, String seg, YNode.Pos pos) {
    throw new RuleError(pos, "rows of table " + row.table() + " are read with 'lookup', not with paths");
  }

  /**
   * {@code lookup: TABLE, key: PATH, match: {COLUMN: PATH, ...}}: the row whose first
   * column names the key's enumerant must have, in each matched column, a cell equal to
   * the path's value; cells reading "Any" or "N/A" match everything. A key with no row is
   * unknown (the check reports nothing).
   */
  static CodeBlock compileLookup(PredicateCompiler preds, PathCompiler paths, CompileContext cx,
      PathCompiler.Env env, YNode.Map map) {
    for (String k : map.entries().keySet()) {
      if (!List.of("lookup", "key", "match").contains(k)) {
        throw new RuleError(map.keyPos(k), "'" + k + "' cannot be used in a lookup; use lookup, key, match");
      }
    }
    if (map.get("key") == null || !(map.get("match") instanceof YNode.Map match) || match.entries().isEmpty()) {
      throw new RuleError(map.pos(), "a lookup needs 'key' (a path) and 'match' (column: path, ...)");
    }
    Table table = cx.tables.get(PredicateCompiler.scalar(map.get("lookup")), map.get("lookup").pos());
    PathCompiler.Val key = paths.compile(env, PredicateCompiler.scalar(map.get("key")), map.get("key").pos());
    if (!(key.type() instanceof VType.Enum keyKind)) {
      throw new RuleError(map.get("key").pos(), "a lookup key must be an enumerant value, got " + key.type());
    }
    List<Integer> columns = new ArrayList<>();
    List<PathCompiler.Val> values = new ArrayList<>();
    for (Map.Entry<String, YNode> e : match.entries().entrySet()) {
      int c = table.columns().indexOf(e.getKey());
      if (c < 0) {
        // columns are the spec's headings, which upstream may rename: say what they are now
        throw new RuleError(match.keyPos(e.getKey()), "table " + table.name() + " has no column '" + e.getKey() + "'"
            + Suggest.didYouMean(e.getKey(), table.columns()) + "; its columns are now "
            + table.columns().stream().map(col -> "'" + col + "'").collect(java.util.stream.Collectors.joining(", ")));
      }
      columns.add(c);
      values.add(paths.compile(env, PredicateCompiler.scalar(e.getValue()), e.getValue().pos()));
    }
    // key enumerant value -> cells of the matched columns (WILDCARD for Any / N/A)
    Map<Long, long[]> rows = new TreeMap<>();
    RuleGrammar.Kind kind = cx.grammar.kinds().get(keyKind.kind());
    for (List<String> row : table.rows()) {
      RuleGrammar.Enumerant e = kind.enumerants().get(row.get(0));
      if (e == null) {
        throw new RuleError(map.get("lookup").pos(), "table " + table.name() + " row '" + row.get(0)
            + "' is not a " + keyKind.kind());
      }
      long[] cells = new long[columns.size()];
      for (int i = 0; i < columns.size(); i++) {
        cells[i] = cell(cx, row.get(columns.get(i)), values.get(i).type(), table, map.get("lookup").pos());
      }
      rows.put(e.value(), cells);
    }
    CodeBlock.Builder init = CodeBlock.builder().add("$T.rows(", LOGIC);
    boolean first = true;
    for (Map.Entry<Long, long[]> r : rows.entrySet()) {
      init.add(first ? "" : ", ");
      first = false;
      init.add("new long[] {$LL", r.getKey());
      for (long c : r.getValue()) {
        init.add(", $LL", c);
      }
      init.add("}");
    }
    init.add(")");
    String field = cx.field(ArrayTypeName.of(ArrayTypeName.of(long.class)), init.build());
    CodeBlock.Builder call = CodeBlock.builder().add("$T.rowMatches($L, $L", LOGIC, field, key.code());
    for (PathCompiler.Val v : values) {
      call.add(", () -> $L", v.code());
    }
    return call.add(")").build();
  }

  /** Sentinel for "Any" / "N/A" cells; must equal Logic.WILDCARD in the runtime. */
  static final long WILDCARD = Long.MIN_VALUE;

  private static long cell(CompileContext cx, String text, VType type, Table table, YNode.Pos pos) {
    String t = text.trim();
    if (t.equals("Any") || t.equals("N/A") || t.isEmpty()) {
      return WILDCARD;
    }
    if (type instanceof VType.Opcode) {
      RuleGrammar.Instruction in = cx.grammar.instructions().get(t);
      if (in != null) {
        return in.opcode();
      }
    } else if (type instanceof VType.Int) {
      try {
        return Long.decode(t);
      } catch (NumberFormatException e) {
        // fall through to the error
      }
    } else if (type instanceof VType.Enum en) {
      RuleGrammar.Enumerant e = cx.grammar.kinds().get(en.kind()).enumerants().get(t);
      if (e != null) {
        return e.value();
      }
    }
    throw new RuleError(pos, "table " + table.name() + " cell '" + t + "' is not a " + type);
  }
}
