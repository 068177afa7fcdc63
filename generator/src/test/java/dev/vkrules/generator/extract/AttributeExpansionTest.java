package dev.vkrules.generator.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile attribute definitions are bounded: nested definitions in spec/config/attribs.adoc and
 * doubling definitions in the appendix fail fast with the attribute and its file:line, instead
 * of running without end or for minutes and gigabytes.
 */
class AttributeExpansionTest {
  @TempDir Path dir;

  private static final String HEAD = "= T\n\n:refpage: StandaloneSpirv\n\n.Valid Usage\n****\n";
  private static final String BODY = "* [[VUID-{refpage}-A-00001]]\nA module must {verb} it.\n****\n";

  /** Definitions {@code :p0: x}, then each {@code :pN:} with {@code fanout} references to the one before. */
  private static String chain(String prefix, int length, int fanout) {
    StringBuilder s = new StringBuilder(":" + prefix + "0: xxxxxxxx\n");
    for (int i = 1; i < length; i++) {
      s.append(':').append(prefix).append(i).append(':').append(' ');
      s.append(("{" + prefix + (i - 1) + "}").repeat(fanout)).append('\n');
    }
    return s.toString();
  }

  private Path spec(String appendix, String attribs) throws Exception {
    Path spec = Extraction.specDir(dir.resolve("spec-sources"), appendix, Extraction.SMALL_XML);
    Path config = spec.resolve(SpecContext.SPEC).resolve("config");
    Files.createDirectories(config);
    Files.writeString(config.resolve("attribs.adoc"), attribs);
    return spec;
  }

  @Test
  void nestedDefinitionsInAttribsFailFastNamingTheAttribute() throws Exception {
    // 8 references per level, 16 levels: 8^16 expansions before, bounded by depth only
    Path spec = spec(HEAD + BODY, ":verb: use\n" + chain("n", 17, 8));
    SpecSyntaxException e = assertTimeoutPreemptively(Duration.ofSeconds(20),
        () -> assertThrows(SpecSyntaxException.class, () -> Extraction.extractor().extractFrom(spec)));
    // n0 has 8 characters: n5 has 8 * 8^5 = 262,144 > 65,536, the first too big (line 7 of the file)
    assertEquals("attribute 'n5' expands to more than " + AttributeExpansion.MAX_VALUE + " characters (its references to"
        + " other attributes multiply); nothing written at " + spec.resolve("spec/config/attribs.adoc") + ":7", e.getMessage());
  }

  @Test
  void doublingDefinitionsInTheAppendixFailBeforeAsciidoctorExpandsThem() throws Exception {
    // 41 doublings: 8 * 2^40 characters, what took 57 s and 5.6 GB in Asciidoctor before failing
    Path spec = spec(HEAD + chain("d", 41, 2) + BODY, ":verb: use\n");
    long start = System.nanoTime();
    SpecSyntaxException e = assertTimeoutPreemptively(Duration.ofSeconds(20),
        () -> assertThrows(SpecSyntaxException.class, () -> Extraction.extractor().extractFrom(spec)));
    // d13 has 8 * 2^13 = 65,536 characters; d14 is the first past the limit, on line 7 + 14
    assertEquals("attribute 'd14' expands to more than " + AttributeExpansion.MAX_VALUE + " characters (its references to"
        + " other attributes multiply); nothing written at " + spec.resolve("spirvenv.adoc") + ":21", e.getMessage());
    assertTrue(System.nanoTime() - start < Duration.ofSeconds(20).toNanos());
  }

  @Test
  void ordinaryAndCyclicDefinitionsStillExtract() throws Exception {
    Path spec = spec(HEAD + ":local: {verb}d\n" + BODY, ":verb: {base}\n:base: use\n:a: {b}\n:b: {a}\n");
    ExtractedSpec extracted = Extraction.extractor().extractFrom(spec);
    assertEquals(1, extracted.vuids().size());
    assertTrue(extracted.vuids().get(0).text().contains("must use it"), extracted.vuids().get(0).text());
  }

  /** Random definition graphs: expansion ends quickly, with a value within the limit or the one error. */
  @Test
  void randomDefinitionGraphsAreBounded() {
    Random random = new Random(21);
    assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
      for (int round = 0; round < 300; round++) {
        int n = 1 + random.nextInt(40);
        Map<String, AttributeExpansion.Definition> raw = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
          StringBuilder v = new StringBuilder();
          int parts = random.nextInt(12);
          for (int p = 0; p < parts; p++) {
            v.append(random.nextInt(3) == 0 ? "word " : "{a" + random.nextInt(n + 2) + "}");
          }
          if (random.nextInt(10) == 0) {
            v.append("{unclosed");
          }
          raw.put("a" + i, new AttributeExpansion.Definition(v.toString(), "f.adoc", i + 1));
        }
        try {
          for (String value : AttributeExpansion.expandAll(raw).values()) {
            assertTrue(value.length() <= AttributeExpansion.MAX_VALUE + 200, "too long: " + value.length());
          }
        } catch (SpecSyntaxException e) {
          assertTrue(e.getMessage().matches("(attribute 'a\\d+' expands to more than|expanding the attributes takes more than)"
              + " .* at f\\.adoc:\\d+"), e.getMessage());
        }
      }
    });
  }
}
