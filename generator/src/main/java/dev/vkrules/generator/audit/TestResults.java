package dev.vkrules.generator.audit;

import dev.vkrules.generator.GeneratorException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The results of the generated rule tests, read from Surefire's XML reports
 * ({@code generated-tests/target/surefire-reports/TEST-*.xml}).
 *
 * <p>A rule's test class is named after the rule ({@code StandaloneSpirvNone04633Test}), so
 * each report is attributed by its class's simple name. When the directory does not exist
 * the tests were not run, and every rule says so: coverage never reports a pass it did not see.
 */
public final class TestResults {
  /** The outcome of one rule's generated tests. */
  public enum Outcome {
    PASSED("passed"),
    FAILED("failed"),
    SKIPPED("skipped"),
    NOT_RUN("not-run"),
    NONE("none");

    private final String label;

    Outcome(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  private record Counts(int tests, int failed, int skipped) {
    Counts plus(Counts o) {
      return new Counts(tests + o.tests, failed + o.failed, skipped + o.skipped);
    }
  }

  private final boolean present;
  private final Map<String, Counts> byDerivedName;

  private TestResults(boolean present, Map<String, Counts> byDerivedName) {
    this.present = present;
    this.byDerivedName = byDerivedName;
  }

  /** No reports at all. */
  public static TestResults none() {
    return new TestResults(false, Map.of());
  }

  /** Whether a reports directory was found. */
  public boolean present() {
    return present;
  }

  /** Reads every {@code TEST-*.xml} in {@code dir}; a missing directory means "not run". */
  public static TestResults read(Path dir) {
    if (dir == null || !Files.isDirectory(dir)) {
      return none();
    }
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "TEST-*.xml")) {
      ds.forEach(files::add);
    } catch (IOException e) {
      throw new GeneratorException("cannot list " + dir + ": " + e.getMessage());
    }
    files.sort(null);
    Map<String, Counts> counts = new TreeMap<>();
    for (Path file : files) {
      readReport(file, counts);
    }
    return new TestResults(true, counts);
  }

  /** The outcome for one rule; {@code hasExamples} false means no test is generated for it. */
  public Outcome outcome(String derivedName, boolean hasExamples) {
    Counts c = byDerivedName.get(derivedName);
    if (c == null) {
      return hasExamples ? Outcome.NOT_RUN : Outcome.NONE;
    }
    if (c.failed > 0) {
      return Outcome.FAILED;
    }
    if (c.tests == c.skipped) {
      return Outcome.SKIPPED;
    }
    return Outcome.PASSED;
  }

  private static void readReport(Path file, Map<String, Counts> counts) {
    XMLInputFactory factory = dev.vkrules.generator.Xml.inputFactory();
    try (InputStream in = Files.newInputStream(file)) {
      XMLStreamReader r = factory.createXMLStreamReader(in);
      String current = null;
      boolean failed = false;
      boolean skipped = false;
      while (r.hasNext()) {
        int ev = r.next();
        if (ev == XMLStreamConstants.START_ELEMENT) {
          switch (r.getLocalName()) {
            case "testcase" -> {
              current = derivedNameOf(r.getAttributeValue(null, "classname"));
              failed = false;
              skipped = false;
            }
            case "failure", "error", "rerunFailure", "rerunError" -> failed = true;
            case "skipped" -> skipped = true;
            default -> { }
          }
        } else if (ev == XMLStreamConstants.END_ELEMENT && r.getLocalName().equals("testcase")
            && current != null) {
          counts.merge(current, new Counts(1, failed ? 1 : 0, skipped ? 1 : 0), Counts::plus);
          current = null;
        }
      }
    } catch (XMLStreamException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNumber();
      throw new GeneratorException("malformed test report at " + file.getFileName() + ":" + line);
    } catch (IOException e) {
      throw new GeneratorException("cannot read " + file + ": " + e.getMessage());
    }
  }

  /** {@code dev.x.StandaloneSpirvNone04633Test$Valid} to {@code StandaloneSpirvNone04633}. */
  static String derivedNameOf(String className) {
    if (className == null) {
      return null;
    }
    String simple = className.substring(className.lastIndexOf('.') + 1);
    int nested = simple.indexOf('$');
    if (nested >= 0) {
      simple = simple.substring(0, nested);
    }
    return simple.endsWith("Test") ? simple.substring(0, simple.length() - 4) : simple;
  }
}
