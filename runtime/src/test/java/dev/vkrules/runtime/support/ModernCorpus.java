package dev.vkrules.runtime.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The modern corpus: the sources listed in {@code examples/modern/manifest.tsv}, compiled with
 * shaderc ({@link Shaderc}) to SPIR-V 1.6 for Vulkan 1.3 once per test JVM. The modules are also
 * written to {@code runtime/target/modern-corpus/} for a look with {@code vkrules validate}.
 */
public final class ModernCorpus {
  public static final Path DIR = Sources.root().resolve("examples/modern");
  private static List<Module> modules;

  private ModernCorpus() {}

  /** One manifest line: where it is, how it is compiled, what it must declare. */
  public record Entry(String where, String source, String stage, boolean hlsl, String entry, List<String> defines,
      List<String> declares) {
    /** {@code <source file name without .hlsl>[@A+B].spv}. */
    public String moduleName() {
      String base = Path.of(source).getFileName().toString().replaceFirst("\\.hlsl$", "");
      return base + (defines.isEmpty() ? "" : "@" + String.join("+", defines)) + ".spv";
    }
  }

  /** A compiled module, or the compiler's message. */
  public record Module(Entry entry, byte[] bytes, String error) {}

  /** Reads the manifest; a bad line throws with its position. */
  public static List<Entry> manifest() {
    Path file = DIR.resolve("manifest.tsv");
    List<Entry> out = new ArrayList<>();
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String where = "examples/modern/manifest.tsv:" + (i + 1);
        String[] f = line.split("\t+");
        if (f.length != 4) {
          throw new IllegalArgumentException(where + ": expected 4 columns (source, entry, defines, declares), found " + f.length);
        }
        String source = f[0];
        boolean hlsl = source.endsWith(".hlsl");
        String name = Path.of(source).getFileName().toString().replaceFirst("\\.hlsl$", "");
        String stage = name.substring(name.lastIndexOf('.') + 1);
        if (!Shaderc.knowsStage(stage)) {
          throw new IllegalArgumentException(where + ": no stage suffix in " + source);
        }
        if (!Files.isRegularFile(DIR.resolve(source))) {
          throw new IllegalArgumentException(where + ": no file examples/modern/" + source);
        }
        out.add(new Entry(where, source, stage, hlsl, f[1].equals("-") ? "main" : f[1], list(f[2]), list(f[3])));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static List<String> list(String column) {
    return column.equals("-") ? List.of() : Arrays.stream(column.split(",")).map(String::strip).toList();
  }

  private static Shaderc compiler;

  /**
   * One shaderc compiler for the test JVM, never released: a full test run once died in
   * {@code shaderc_compiler_release} (SIGSEGV in libc's free, when a second compiler was released
   * after the first), so the tests no longer make and release more than one.
   */
  public static synchronized Shaderc compiler() {
    if (compiler == null) {
      compiler = new Shaderc();
    }
    return compiler;
  }

  /** Every manifest entry compiled (once per JVM). */
  public static synchronized List<Module> modules() {
    if (modules == null) {
      List<Module> out = new ArrayList<>();
      Path target = Sources.root().resolve("runtime/target/modern-corpus");
      Shaderc shaderc = compiler();
      try {
        Files.createDirectories(target);
        for (Entry e : manifest()) {
          String text = Files.readString(DIR.resolve(e.source()), StandardCharsets.UTF_8);
          Shaderc.Result r = shaderc.compile(e.source(), text, e.stage(), e.hlsl(), e.entry(), e.defines());
          out.add(new Module(e, r.module(), r.error()));
          if (r.module() != null) {
            Files.write(target.resolve(e.moduleName()), r.module());
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      modules = List.copyOf(out);
    }
    return modules;
  }
}
