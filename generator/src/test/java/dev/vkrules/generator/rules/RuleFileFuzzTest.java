package dev.vkrules.generator.rules;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.TextMutator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Rule files are input a user writes: mutated copies of every declarative rule of the project either
 * load and type-check, or fail with one {@code file:line:column: message} line, never with
 * another exception. Seeded ({@code -Dvkrules.fuzz.seed=S}, default 1;
 * {@code -Dvkrules.fuzz.tries-factor=N}), so every build tries the same texts.
 */
class RuleFileFuzzTest {
  private static final long SEED = Long.getLong("vkrules.fuzz.seed", 1);
  private static final int FACTOR = Integer.getInteger("vkrules.fuzz.tries-factor", 1);
  private static final Pattern ONE_LINE_WITH_POSITION = Pattern.compile("r\\.yaml:\\d+:\\d+: [^\\n]+");
  /** YAML's structural characters and the rule language's words, where a line may hold them. */
  private static final String[] TOKENS = {":", "- ", "[", "]", "{", "}", ",", "'", "\"", "#", "&a ", "*a", "!!str ",
      "|", ">", "? ", "  ", "\t", "\n", "~", "null", "true", "1e400", "-1", "9999999999", "path: ", "require: ",
      "for: ", "where: ", "all: ", "any: ", "not: ", "in: [", "count: ", "device: ", "group: ", "by: ",
      ".constituent(", ")", ".", "Op", "\u00e9"};
  private static final List<String> RULES = declarativeRules();

  private static List<String> declarativeRules() {
    try (Stream<Path> files = Files.walk(LanguageAdditionsTest.RULES)) {
      return files.filter(p -> p.toString().endsWith(".yaml") && !p.toString().contains("tables"))
          .sorted().map(RuleFileFuzzTest::read).filter(t -> t.contains("status: declarative"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The authored block mutated (the extracted block above it only feeds the hash check). */
  static String mutated(Random rnd) {
    String rule = RULES.get(rnd.nextInt(RULES.size()));
    return TextMutator.mutate(rule, rule.indexOf("\nauthored:") + 1, TOKENS, 4, rnd);
  }

  @Test
  void mutatedRulesLoadOrFailWithAPosition() {
    assertTrue(RULES.size() >= 300, "too few declarative rules: " + RULES.size());
    CheckCompiler compiler = new CheckCompiler(LanguageAdditionsTest.GRAMMAR,
        new Tables(LanguageAdditionsTest.RULES.resolve("tables")));
    Random rnd = new Random(SEED);
    int tries = 1500 * FACTOR;
    int loaded = 0;
    for (int i = 0; i < tries; i++) {
      String text = mutated(rnd);
      int index = i;
      boolean ok = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
        try {
          RuleFile r = RuleLoader.parse("r.yaml", text);
          if (r.authored().check() != null) {
            compiler.compile(r.authored().check());
          }
          return true;
        } catch (GeneratorException e) {
          if (!ONE_LINE_WITH_POSITION.matcher(e.getMessage()).matches()) {
            throw new AssertionError("input " + index + " of seed " + SEED + ": not one line with a position: "
                + e.getMessage() + "\n" + text);
          }
          return false;
        } catch (RuntimeException | StackOverflowError e) {
          throw new AssertionError("input " + index + " of seed " + SEED + " escaped:\n" + text, e);
        }
      });
      loaded += ok ? 1 : 0;
    }
    assertTrue(loaded > tries / 20 && loaded < tries - tries / 20, "loaded " + loaded + " of " + tries);
    System.out.println("rule-file fuzz: " + tries + " mutated rules, " + loaded + " loaded and compiled");
  }
}
