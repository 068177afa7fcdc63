package dev.vkrules.generator.extract;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Extracts an {@link ExtractedSpec} from a spec directory holding {@value #APPENDIX} and
 * {@value #REGISTRY}, and optionally {@code spec/} (the rest of the spec's AsciiDoc, read for
 * document attributes and cross-reference titles, see {@link SpecContext}).
 *
 * <p>Starting AsciidoctorJ (a JRuby runtime) dominates the cost, so {@link #start()} boots it
 * on its own thread while the caller's thread reads vk.xml and scans the appendix's
 * directives. One started extractor can extract several directories (tests do); the
 * one-shot {@link #extract(Path)} starts and closes one.
 */
public final class SpecExtractor implements AutoCloseable {
  /** The appendix, relative to the spec directory. */
  public static final String APPENDIX = "spirvenv.adoc";
  /** The registry, relative to the spec directory. */
  public static final String REGISTRY = "vk.xml";

  private final CompletableFuture<Started> starting;
  private boolean startReported;

  private SpecExtractor() {
    this.starting = CompletableFuture.supplyAsync(() -> {
      long t0 = System.nanoTime();
      AsciidocReader reader = new AsciidocReader();
      return new Started(reader, System.nanoTime() - t0);
    });
  }

  /** Starts booting AsciidoctorJ in the background and returns at once. */
  public static SpecExtractor start() {
    return new SpecExtractor();
  }

  /** Extracts everything from {@code specDir} with a fresh extractor. */
  public static ExtractedSpec extract(Path specDir) {
    requireInputs(specDir);
    try (SpecExtractor extractor = start()) {
      return extractor.extractFrom(specDir);
    }
  }

  /** Wall-clock time of each part of an extraction, in nanoseconds. */
  public record Timings(long asciidoctorStart, long waitForStart, long scan, long parse, long xml, long specScan) {}

  /** An extraction and how long its parts took. */
  public record Timed(ExtractedSpec spec, Timings timings) {}

  /** Throws {@link SpecSyntaxException} unless both input files exist. */
  public static void requireInputs(Path specDir) {
    requireFile(specDir.resolve(APPENDIX));
    requireFile(specDir.resolve(REGISTRY));
  }

  /** Extracts everything from {@code specDir}; throws {@link SpecSyntaxException} on bad input. */
  public ExtractedSpec extractFrom(Path specDir) {
    return extractTimed(specDir).spec();
  }

  /** {@link #extractFrom(Path)}, also reporting timings (start-up counts on the first call only). */
  public Timed extractTimed(Path specDir) {
    requireInputs(specDir);
    Path adoc = specDir.resolve(APPENDIX);
    Path xml = specDir.resolve(REGISTRY);
    long t0 = System.nanoTime();
    RegistryTables registry = RegistryReader.read(xml, xml.toString());
    long t1 = System.nanoTime();
    List<String> lines = readLines(adoc);
    // the appendix's own attribute definitions, bounded before Asciidoctor expands them
    AttributeExpansion.checkDefinitions(adoc.toString(), lines, SpecContext.definitions(
        specDir.resolve(SpecContext.SPEC).resolve(SpecContext.ATTRIBS), registry.buildAttributes()));
    ScannedSource scanned = DirectiveScanner.scan(adoc.toString(), lines, registry.buildAttributes());
    long t2 = System.nanoTime();
    SpecContext context = SpecContext.read(specDir, lines, registry.buildAttributes());
    long t2b = System.nanoTime();
    Started started = join();
    long t3 = System.nanoTime();
    AsciidocReader.Result read = started.reader().read(scanned, context);
    long t4 = System.nanoTime();
    ExtractedSpec spec = new ExtractedSpec(read.vuids(), distinctKeys(read.tables()), registry, read.unresolved(),
        PipelineValidUsage.read(specDir));
    long boot = startReported ? 0 : started.nanos();
    startReported = true;
    return new Timed(spec, new Timings(boot, t3 - t2b, t2 - t1, t4 - t3, t1 - t0, t2b - t2));
  }

  @Override
  public void close() {
    starting.thenAccept(s -> s.reader().close());
  }

  private record Started(AsciidocReader reader, long nanos) {}

  private Started join() {
    try {
      return starting.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      throw e;
    }
  }

  /**
   * Tables that share a key are variants told apart by their conditions; two with the same
   * key and the same conditions get an ordinal suffix so each has a name of its own.
   */
  static List<SpecTable> distinctKeys(List<SpecTable> tables) {
    Map<String, Integer> seen = new HashMap<>();
    List<SpecTable> out = new ArrayList<>();
    for (SpecTable t : tables) {
      int n = seen.merge(t.key() + "\u0000" + t.conditionKey(), 1, Integer::sum);
      out.add(n == 1 ? t : new SpecTable(t.key() + "-" + n, t.anchor(), t.title(), t.section(),
          t.conditions(), t.line(), t.include(), t.header(), t.rows()));
    }
    return out;
  }

  private static void requireFile(Path path) {
    if (!Files.isRegularFile(path)) {
      throw new SpecSyntaxException("missing input file", path.toString());
    }
  }

  private static List<String> readLines(Path path) {
    try {
      String text = Files.readString(path, StandardCharsets.UTF_8);
      return List.of(text.replace("\r\n", "\n").split("\n", -1));
    } catch (CharacterCodingException e) {
      throw new SpecSyntaxException("not UTF-8 text", path.toString());
    } catch (IOException e) {
      throw new SpecSyntaxException("cannot read: " + e.getMessage(), path.toString());
    }
  }
}
