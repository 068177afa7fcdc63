package dev.vkrules.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.engine.Validator.ValidationResult;
import dev.vkrules.runtime.profile.ProfileException;
import dev.vkrules.runtime.profile.ProfileReader;
import dev.vkrules.runtime.support.Sources;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The library entry point from bytes: the same result on eight threads at once as alone, the
 * same as {@link Validator}'s, immutable results, the caller's bytes untouched, and a bad profile
 * one exception with its position.
 */
class VkRulesTest {
  /** A target few other tests use, so the engine's checkers are loaded here, by the threads racing. */
  static final Target TARGET = Target.VULKAN_1_2;
  static final int THREADS = 8;

  static final List<byte[]> MODULES = new ArrayList<>();
  static byte[] profile;

  @BeforeAll
  static void modules() throws Exception {
    List<Path> files = new ArrayList<>();
    for (String dir : List.of("examples/shaders", "examples/corpus/spv")) {
      try (Stream<Path> s = Files.walk(Sources.root().resolve(dir))) {
        files.addAll(s.filter(p -> p.toString().endsWith(".spv")).sorted().toList());
      }
    }
    // every third corpus module: a few hundred of every stage and feature, in bounded time
    for (int i = 0; i < files.size(); i++) {
      if (i < 6 || i % 3 == 0) {
        MODULES.add(Files.readAllBytes(files.get(i)));
      }
    }
    MODULES.add(new byte[0]);
    MODULES.add("not a SPIR-V module".getBytes(StandardCharsets.UTF_8));
    profile = Files.readAllBytes(
        Sources.specSources().resolve("profiles/devices/vp_gpuinfo_nvidia_geforce_rtx_4070_551_61_0_0_windows_11.json"));
  }

  private static List<ValidationResult> alone(VkRules rules) {
    List<ValidationResult> out = new ArrayList<>();
    MODULES.forEach(m -> out.add(rules.validate(m)));
    return out;
  }

  @Test
  void eightThreadsAtOnceGetWhatOneThreadGets() throws Exception {
    VkRules rules = VkRules.of(TARGET, profile, null);
    List<byte[]> copies = MODULES.stream().map(byte[]::clone).toList();
    CyclicBarrier start = new CyclicBarrier(THREADS);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    List<Future<ValidationResult[]>> runs = new ArrayList<>();
    try {
      for (int t = 0; t < THREADS; t++) {
        long seed = t;
        runs.add(pool.submit(() -> {
          // each thread in its own order, so different modules load the same checkers at once
          List<Integer> order = new ArrayList<>();
          for (int i = 0; i < MODULES.size(); i++) {
            order.add(i);
          }
          Collections.shuffle(order, new Random(seed));
          ValidationResult[] got = new ValidationResult[MODULES.size()];
          start.await();
          for (int i : order) {
            got[i] = rules.validate(MODULES.get(i));
          }
          return got;
        }));
      }
      List<ValidationResult[]> results = new ArrayList<>();
      for (Future<ValidationResult[]> f : runs) {
        results.add(f.get(10, TimeUnit.MINUTES));
      }
      List<ValidationResult> reference = alone(rules);
      assertTrue(reference.stream().anyMatch(r -> !r.ok()), "some modules fail on the device");
      assertTrue(reference.stream().anyMatch(ValidationResult::malformed), "the bad bytes are malformed");
      for (ValidationResult[] got : results) {
        for (int i = 0; i < got.length; i++) {
          assertEquals(reference.get(i), got[i], "module " + i);
        }
      }
    } finally {
      pool.shutdownNow();
    }
    for (int i = 0; i < MODULES.size(); i++) {
      assertArrayEquals(copies.get(i), MODULES.get(i), "module " + i + "'s bytes are read, not written");
    }
  }

  @Test
  void theSameAsValidatorWithAndWithoutADevice() throws Exception {
    VkRules none = VkRules.of(TARGET);
    var parsed = ProfileReader.parse(profile, null);
    VkRules device = VkRules.of(TARGET, parsed);
    var requirements = Validator.requirements(TARGET, Optional.of(parsed));
    int differ = 0;
    for (byte[] m : MODULES) {
      ValidationResult offline = none.validate(m);
      assertEquals(Validator.validate(m, TARGET), offline);
      ValidationResult on = device.validate(m);
      assertEquals(Validator.validate(ByteBuffer.wrap(m), Validator.engine(TARGET), requirements), on);
      assertEquals(on, VkRules.validate(m, TARGET, parsed), "the one-call form");
      differ += offline.equals(on) ? 0 : 1;
    }
    assertTrue(differ > 0, "the device decides some findings");
  }

  @Test
  void resultsAreImmutable() {
    ValidationResult r = VkRules.of(TARGET).validate(MODULES.get(MODULES.size() - 1));
    assertTrue(r.malformed());
    assertFalse(r.diagnostics().isEmpty());
    assertThrows(UnsupportedOperationException.class, () -> r.diagnostics().clear());
    List<dev.vkrules.runtime.engine.Diagnostic> mine = new ArrayList<>(r.diagnostics());
    ValidationResult built = new ValidationResult(mine, false);
    mine.clear();
    assertEquals(r.diagnostics(), built.diagnostics(), "a result keeps its own copy");
  }

  @Test
  void findingsPerRuleBoundsEachVuid() {
    VkRules all = VkRules.of(TARGET).maxFindingsPerRule(dev.vkrules.runtime.engine.Report.UNLIMITED);
    VkRules one = VkRules.of(TARGET).maxFindingsPerRule(1);
    int bounded = 0;
    for (byte[] m : MODULES) {
      int a = all.validate(m).diagnostics().size();
      int b = one.validate(m).diagnostics().size();
      assertTrue(b <= a, "fewer or as many with a bound");
      bounded += b < a ? 1 : 0;
    }
    assertTrue(bounded > 0, "some module has several findings of one VUID");
    assertThrows(IllegalArgumentException.class, () -> VkRules.of(TARGET).maxFindingsPerRule(0));
  }

  @Test
  void aBadProfileIsOneExceptionWithItsPosition() {
    ProfileException e = assertThrows(ProfileException.class,
        () -> VkRules.of(TARGET, "{\"profiles\": [}".getBytes(StandardCharsets.UTF_8), null));
    // one line that ends with the position, as every parse error of the runtime does
    assertTrue(e.getMessage().matches("[^\\n]* at 1:\\d+"), e.getMessage());
  }
}
