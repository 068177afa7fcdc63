package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.profile.GuaranteedDevice;
import dev.vkrules.runtime.spirv.SpirvParser;
import dev.vkrules.runtime.spirv.grammar.Grammar;

/**
 * Start-up work of {@code validate} done on a second thread while the command line is parsed
 * (picocli's reflection costs about as much): loading the checkers of the target and reading the
 * guaranteed-minimum device profiles. Both are caches the validation then finds filled (or
 * waits on), so the results are the same; a failure here only means the work is done again later.
 */
final class Warmup {
  private Warmup() {}

  /**
   * For every command that reads modules: the SPIR-V grammar's head and the enumerants every
   * module's parse looks up (a few milliseconds of class initialisation and decoding) are made on a
   * second thread while the main thread reads the command line, finds the configuration and builds
   * the engine; the parser then finds them ready (or waits for them: class initialisation is
   * thread-safe). For {@code validate} the thread then decodes the guaranteed device profiles of
   * the target.
   */
  static void grammar(String[] args) {
    if (args.length == 0 || !(args[0].equals("validate") || args[0].equals("dis") || args[0].equals("as"))
        || "false".equals(System.getProperty("vkrules.warmup"))) {
      return; // -Dvkrules.warmup=false: for measuring what the second thread saves (startup-profile.sh)
    }
    String guaranteed = args[0].equals("validate") ? guaranteedVersion(args) : null;
    Thread t = new Thread(() -> {
      SpirvParser.ready();
      Grammar.indexCommonValues();
      if (guaranteed != null) {
        try {
          // Then the guaranteed-minimum profiles a module with device obligations is judged on
          // (finding the bundled resource alone is several milliseconds of interpreted URL and
          // jar code): the main thread meanwhile parses the module and runs the checkers.
          GuaranteedDevice.of(guaranteed);
          GuaranteedDevice.of("1.0");
        } catch (RuntimeException e) {
          // the validation does this work itself and reports what goes wrong
        }
      }
    }, "vkrules-grammar");
    t.setDaemon(true);
    t.start();
  }

  /** The Vulkan version of validate's {@code --target-env} ("1.3"), or null when it names none. */
  private static String guaranteedVersion(String[] args) {
    Target target = Target.parse(targetEnv(args));
    return target == null ? null : target.envName().replace("vulkan", "");
  }

  static void start(String[] args) {
    if (args.length == 0 || !args[0].equals("validate")) {
      return;
    }
    Target target = Target.parse(targetEnv(args));
    if (target == null) {
      return; // a usage error, reported by the command line
    }
    Thread t = new Thread(() -> {
      try {
        Validator.engine(target);
        GuaranteedDevice.of(target.envName().replace("vulkan", ""));
        GuaranteedDevice.of("1.0");
      } catch (RuntimeException e) {
        // the validation does this work itself and reports what goes wrong
      }
    }, "vkrules-warmup");
    t.setDaemon(true);
    t.start();
  }

  /** The value of {@code --target-env} (either spelling), or validate's default. */
  static String targetEnv(String[] args) {
    for (int i = 1; i < args.length; i++) {
      if (args[i].equals("--target-env") && i + 1 < args.length) {
        return args[i + 1];
      }
      if (args[i].startsWith("--target-env=")) {
        return args[i].substring("--target-env=".length());
      }
    }
    return "vulkan1.4";
  }
}
