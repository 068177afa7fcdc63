package dev.vkrules.generator.grammar;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.grammar.GrammarSpec.Enumerant;
import dev.vkrules.generator.grammar.GrammarSpec.Grammar;
import dev.vkrules.generator.grammar.GrammarSpec.Instruction;
import dev.vkrules.generator.grammar.GrammarSpec.Kind;
import dev.vkrules.generator.grammar.GrammarSpec.Operand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads {@code spec-sources/spirv/*.grammar.json} into {@link GrammarSpec} records, checking
 * as it goes that every field has the expected type and every name resolves. Messages name
 * the file and the JSON path.
 */
public final class GrammarReader {
  static final String CORE_FILE = "spirv.core.grammar.json";
  private static final String EXT_PREFIX = "extinst.";
  private static final String SUFFIX = ".grammar.json";

  /** The project's data file of import names, beside {@code spirv/} in {@code spec-sources/}. */
  public static final String IMPORT_NAMES_FILE = "extinst-import-names.tsv";

  private final ObjectMapper mapper = new ObjectMapper();
  /** Import names by set name, read from {@link #IMPORT_NAMES_FILE}; patterns may hold {revision}/{version}. */
  private Map<String, String> importNames = Map.of();

  /** Reads the core grammar first, then every extended set in file-name order. */
  public List<Grammar> readAll(Path spirvDir) {
    List<Path> files;
    try (Stream<Path> list = Files.list(spirvDir)) {
      files = list.filter(p -> p.getFileName().toString().endsWith(SUFFIX)).sorted().toList();
    } catch (IOException e) {
      throw new GeneratorException("cannot list " + spirvDir + ": " + e.getMessage());
    }
    importNames = readImportNames(spirvDir.toAbsolutePath().getParent().resolve(IMPORT_NAMES_FILE));
    List<Grammar> out = new ArrayList<>();
    Path core = spirvDir.resolve(CORE_FILE);
    if (!files.contains(core)) {
      throw new GeneratorException("missing " + CORE_FILE + " in " + spirvDir);
    }
    Grammar coreGrammar = read(core);
    out.add(coreGrammar);
    Set<String> capabilities = enumerantNames(coreGrammar, "Capability");
    for (Path file : files) {
      if (!file.equals(core)) {
        out.add(read(file));
      }
    }
    for (Grammar g : out) {
      checkReferences(g, coreGrammar, capabilities);
    }
    return out;
  }

  Grammar read(Path file) {
    String fileName = file.getFileName().toString();
    JsonNode root;
    try {
      root = mapper.readTree(file.toFile());
    } catch (JsonProcessingException e) {
      throw new GeneratorException(fileName + ":" + e.getLocation().getLineNr() + ":"
          + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage().toLowerCase(Locale.ROOT));
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + file + ": " + e.getMessage());
    }
    Ctx c = new Ctx(fileName);
    boolean core = fileName.equals(CORE_FILE);
    String setName = core ? "" : setName(fileName);
    int revision = c.intField(root, "revision", "");
    List<Instruction> instructions = new ArrayList<>();
    JsonNode insts = c.array(root, "instructions", "");
    for (int i = 0; i < insts.size(); i++) {
      instructions.add(instruction(c, insts.get(i), "instructions[" + i + "]"));
    }
    List<Kind> kinds = new ArrayList<>();
    JsonNode kindNodes = root.get("operand_kinds");
    if (kindNodes != null) {
      for (int i = 0; i < kindNodes.size(); i++) {
        kinds.add(kind(c, kindNodes.get(i), "operand_kinds[" + i + "]"));
      }
    }
    if (core) {
      return new Grammar(fileName, "", "Core", c.intField(root, "major_version", ""),
          c.intField(root, "minor_version", ""), revision, instructions, kinds);
    }
    int version = root.has("version") ? c.intField(root, "version", "") : 0;
    String pattern = importNames.get(setName);
    String importName = pattern != null ? expand(pattern, revision, version) : derivedImportName(setName, revision);
    if (pattern == null) {
      // a new set is data, not a stopped build: the derived name is used and named
      System.err.println("vkrules generate: warning: " + fileName + ": import name not in "
          + IMPORT_NAMES_FILE + ", derived as " + importName);
    }
    return new Grammar(fileName, importName, className(setName),
        version, 0, revision, instructions, kinds);
  }

  private static String setName(String fileName) {
    if (!fileName.startsWith(EXT_PREFIX)) {
      throw new GeneratorException(fileName + ": expected a name extinst.NAME" + SUFFIX);
    }
    return fileName.substring(EXT_PREFIX.length(), fileName.length() - SUFFIX.length());
  }

  /**
   * Reads {@code set<TAB>import-name} lines; {@code #} comments, blank lines and the header row
   * are skipped. A missing file means every name is derived.
   */
  static Map<String, String> readImportNames(Path file) {
    if (!Files.isRegularFile(file)) {
      return Map.of();
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + file.getFileName() + ": " + e.getMessage());
    }
    Map<String, String> out = new HashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#") || line.startsWith("set\t")) {
        continue;
      }
      String[] cols = line.split("\t");
      if (cols.length != 2 || cols[0].isBlank() || cols[1].isBlank()) {
        throw new GeneratorException(file.getFileName() + ":" + (i + 1)
            + ": expected two tab-separated columns, set and import-name");
      }
      if (out.put(cols[0].strip(), cols[1].strip()) != null) {
        throw new GeneratorException(file.getFileName() + ":" + (i + 1) + ": set " + cols[0] + " listed twice");
      }
    }
    return out;
  }

  static String expand(String pattern, int revision, int version) {
    return pattern.replace("{revision}", Integer.toString(revision)).replace("{version}", Integer.toString(version));
  }

  /**
   * The import name of a set the data file does not list: {@code nonsemantic.a.b} becomes
   * {@code NonSemantic.A.B.REVISION}, {@code spv-amd-x-y} {@code SPV_AMD_x_y}; any other name
   * has each dotted part capitalised, hyphenated words joined ({@code arm.motion-engine.100}:
   * {@code Arm.MotionEngine.100}).
   */
  static String derivedImportName(String setName, int revision) {
    if (setName.startsWith("spv-amd-")) {
      return "SPV_AMD_" + setName.substring("spv-amd-".length()).replace('-', '_');
    }
    boolean nonSemantic = setName.startsWith("nonsemantic.");
    String rest = nonSemantic ? setName.substring("nonsemantic.".length()) : setName;
    StringBuilder sb = new StringBuilder(nonSemantic ? "NonSemantic" : "");
    for (String part : rest.split("\\.")) {
      if (part.isEmpty()) {
        continue;
      }
      if (!sb.isEmpty()) {
        sb.append('.');
      }
      for (String word : part.split("-")) {
        if (!word.isEmpty()) {
          sb.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
        }
      }
    }
    return nonSemantic ? sb.append('.').append(revision).toString() : sb.toString();
  }

  static String className(String setName) {
    StringBuilder sb = new StringBuilder();
    for (String part : setName.split("[.\\-]")) {
      if (!part.isEmpty()) {
        sb.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
      }
    }
    return sb.toString();
  }

  private Instruction instruction(Ctx c, JsonNode n, String path) {
    return new Instruction(
        c.text(n, "opname", path),
        c.strings(n, "aliases", path),
        c.intField(n, "opcode", path),
        n.has("class") ? c.text(n, "class", path) : "",
        operands(c, n.get("operands"), path + ".operands"),
        c.strings(n, "capabilities", path),
        c.strings(n, "extensions", path),
        n.has("version") ? c.text(n, "version", path) : "",
        n.has("lastVersion") ? c.text(n, "lastVersion", path) : "");
  }

  private List<Operand> operands(Ctx c, JsonNode arr, String path) {
    List<Operand> out = new ArrayList<>();
    if (arr == null) {
      return out;
    }
    for (int i = 0; i < arr.size(); i++) {
      JsonNode o = arr.get(i);
      String p = path + "[" + i + "]";
      String q = o.has("quantifier") ? c.text(o, "quantifier", p) : "";
      if (!q.isEmpty() && !q.equals("?") && !q.equals("*")) {
        throw c.error(p + ".quantifier", "expected ? or *, got '" + q + "'");
      }
      out.add(new Operand(c.text(o, "kind", p), q, o.has("name") ? c.text(o, "name", p) : ""));
    }
    return out;
  }

  private Kind kind(Ctx c, JsonNode n, String path) {
    String category = c.text(n, "category", path);
    String name = c.text(n, "kind", path);
    List<Enumerant> enumerants = new ArrayList<>();
    List<String> bases = new ArrayList<>();
    switch (category) {
      case "ValueEnum", "BitEnum" -> {
        JsonNode arr = c.array(n, "enumerants", path);
        for (int i = 0; i < arr.size(); i++) {
          enumerants.add(enumerant(c, arr.get(i), path + ".enumerants[" + i + "]"));
        }
      }
      case "Composite" -> bases.addAll(c.strings(n, "bases", path));
      case "Id", "Literal" -> { }
      default -> throw c.error(path + ".category", "unknown operand kind category '" + category + "'");
    }
    return new Kind(category, name, enumerants, bases);
  }

  private Enumerant enumerant(Ctx c, JsonNode n, String path) {
    JsonNode v = n.get("value");
    int value;
    if (v != null && v.isInt()) {
      value = v.intValue();
    } else if (v != null && v.isTextual()) {
      // Values are integers, "0x" hexadecimal strings (masks) or, in some sets, decimal strings.
      String t = v.textValue();
      try {
        value = t.startsWith("0x") ? Integer.parseUnsignedInt(t.substring(2), 16) : Integer.parseUnsignedInt(t);
      } catch (NumberFormatException e) {
        throw c.error(path + ".value", "not a number: '" + t + "'");
      }
    } else {
      throw c.error(path + ".value", "expected an integer or a number in a string");
    }
    return new Enumerant(c.text(n, "enumerant", path), c.strings(n, "aliases", path), value,
        c.strings(n, "capabilities", path), c.strings(n, "extensions", path),
        n.has("version") ? c.text(n, "version", path) : "",
        n.has("lastVersion") ? c.text(n, "lastVersion", path) : "",
        operands(c, n.get("parameters"), path + ".parameters"));
  }

  private static Set<String> enumerantNames(Grammar g, String kind) {
    Set<String> names = new HashSet<>();
    for (Kind k : g.kinds()) {
      if (k.name().equals(kind)) {
        k.enumerants().forEach(e -> {
          names.add(e.name());
          names.addAll(e.aliases());
        });
      }
    }
    return names;
  }

  /** Every operand kind, base and capability named in {@code g} must exist. */
  private static void checkReferences(Grammar g, Grammar core, Set<String> capabilities) {
    Set<String> kinds = new HashSet<>();
    core.kinds().forEach(k -> kinds.add(k.name()));
    g.kinds().forEach(k -> kinds.add(k.name()));
    for (Instruction in : g.instructions()) {
      checkCaps(g, in.name(), in.capabilities(), capabilities);
      for (Operand o : in.operands()) {
        checkKind(g, in.name(), o.kind(), kinds);
      }
    }
    Map<String, Integer> opcodes = new HashMap<>();
    for (Instruction in : g.instructions()) {
      checkUnique(g, "instruction", in.name(), in.aliases(), in.opcode(), opcodes);
    }
    for (Kind k : g.kinds()) {
      Map<String, Integer> values = new HashMap<>();
      for (Enumerant e : k.enumerants()) {
        checkUnique(g, k.name() + " enumerant", e.name(), e.aliases(), e.value(), values);
      }
      for (String b : k.bases()) {
        checkKind(g, k.name(), b, kinds);
      }
      for (Enumerant e : k.enumerants()) {
        checkCaps(g, k.name() + "." + e.name(), e.capabilities(), capabilities);
        for (Operand o : e.parameters()) {
          checkKind(g, k.name() + "." + e.name(), o.kind(), kinds);
        }
      }
    }
  }

  /** A name or alias stands for one number: the assembler looks names up, the disassembler numbers. */
  private static void checkUnique(Grammar g, String what, String name, List<String> aliases, int number,
      Map<String, Integer> seen) {
    List<String> all = new ArrayList<>(aliases);
    all.add(0, name);
    for (String n : all) {
      Integer old = seen.putIfAbsent(n, number);
      if (old != null && old != number) {
        throw new GeneratorException(g.source() + ": " + what + " name '" + n + "' stands for both "
            + Integer.toUnsignedString(old) + " and " + Integer.toUnsignedString(number));
      }
    }
  }

  private static void checkKind(Grammar g, String where, String kind, Set<String> kinds) {
    if (!kinds.contains(kind)) {
      throw new GeneratorException(g.source() + ": " + where + " names unknown operand kind '" + kind + "'");
    }
  }

  private static void checkCaps(Grammar g, String where, List<String> caps, Set<String> capabilities) {
    for (String cap : caps) {
      if (!capabilities.contains(cap)) {
        throw new GeneratorException(g.source() + ": " + where + " names unknown capability '" + cap + "'");
      }
    }
  }

  /** Field access that reports the file and JSON path of anything unexpected. */
  private record Ctx(String file) {
    GeneratorException error(String path, String message) {
      return new GeneratorException(file + ": " + path + ": " + message);
    }

    JsonNode array(JsonNode n, String field, String path) {
      JsonNode v = n.get(field);
      if (v == null || !v.isArray()) {
        throw error(join(path, field), "expected an array");
      }
      return v;
    }

    String text(JsonNode n, String field, String path) {
      JsonNode v = n.get(field);
      if (v == null || !v.isTextual()) {
        throw error(join(path, field), "expected a string");
      }
      return v.textValue();
    }

    int intField(JsonNode n, String field, String path) {
      JsonNode v = n.get(field);
      if (v == null || !v.isInt()) {
        throw error(join(path, field), "expected an integer");
      }
      return v.intValue();
    }

    List<String> strings(JsonNode n, String field, String path) {
      JsonNode v = n.get(field);
      if (v == null) {
        return List.of();
      }
      if (!v.isArray()) {
        throw error(join(path, field), "expected an array of strings");
      }
      List<String> out = new ArrayList<>();
      for (int i = 0; i < v.size(); i++) {
        if (!v.get(i).isTextual()) {
          throw error(join(path, field) + "[" + i + "]", "expected a string");
        }
        out.add(v.get(i).textValue());
      }
      return List.copyOf(out);
    }

    private static String join(String path, String field) {
      return path.isEmpty() ? field : path + "." + field;
    }
  }
}
