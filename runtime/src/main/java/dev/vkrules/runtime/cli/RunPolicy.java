package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Diagnostic.Severity;
import dev.vkrules.runtime.rules.RuleCatalog;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What a run makes of its findings: whether the compiler-compatibility preset reports the rules
 * the project reviewed as "right by the spec's words, though common compilers emit it" (the rules
 * with a {@code compilers-emit} review in their rule file, {@link RuleCatalog#compilersEmit}) as
 * warnings ({@code --preset}), and which severities fail the run besides errors ({@code --fail-on}).
 */
record RunPolicy(boolean compilerCompatibility, Set<Severity> failing) {
  /** The preset that reports the reviewed rules as warnings: the default. */
  static final String COMPILER_COMPATIBILITY = "compiler-compatibility";

  /** No preset: every finding of a rule is an error, as the spec's words say. */
  static final String NONE = "none";

  static final List<String> PRESETS = List.of(COMPILER_COMPATIBILITY, NONE);

  /** The --fail-on levels, as JSON and SARIF name the severities. */
  static final Map<String, Severity> LEVELS = levels();

  private static Map<String, Severity> levels() {
    Map<String, Severity> m = new LinkedHashMap<>();
    m.put("error", Severity.ERROR);
    m.put("warning", Severity.WARNING);
    m.put("needs-device-information", Severity.NEEDS_DEVICE_INFO);
    m.put("needs-pipeline-description", Severity.NEEDS_PIPELINE);
    m.put("run-time", Severity.RUN_TIME);
    return m;
  }

  /** The default: the compiler-compatibility preset, and only errors fail. */
  static final RunPolicy DEFAULT = new RunPolicy(true, EnumSet.of(Severity.ERROR));

  RunPolicy {
    failing = EnumSet.copyOf(failing);
    failing.add(Severity.ERROR);
    failing = Set.copyOf(failing);
  }

  /**
   * The severities that fail a run: errors always, and each level named; a value may name several,
   * separated by commas ({@code --fail-on warning,needs-device-information}).
   */
  static Set<Severity> failing(List<String> values, Function<String, RuntimeException> usage) {
    Set<Severity> out = EnumSet.of(Severity.ERROR);
    for (String value : values) {
      for (String level : value.split(",", -1)) {
        Severity s = LEVELS.get(level.strip());
        if (s == null) {
          throw usage.apply("unknown --fail-on level '" + level + "', expected one or more of "
              + String.join(", ", LEVELS.keySet()) + " (repeat the option or separate them with commas)");
        }
        out.add(s);
      }
    }
    return out;
  }

  /** Whether {@code d} fails the run: an error, or of a severity --fail-on names (never a vkrules error: exit 2). */
  boolean fails(Diagnostic d) {
    return !d.isInternalError() && failing.contains(d.severity());
  }

  /** Whether the preset reports the findings of {@code vuid} as warnings. */
  boolean warns(String vuid) {
    return compilerCompatibility && !vuid.isEmpty() && RuleCatalog.compilersEmit(vuid) != null;
  }

  /** {@code d} as this run reports it: an error of a preset rule is a warning. */
  Diagnostic apply(Diagnostic d) {
    return d.isError() && warns(d.vuid()) ? d.withSeverity(Severity.WARNING) : d;
  }

  /** Every finding as {@link #apply} reports it. */
  List<Diagnostic> apply(List<Diagnostic> ds) {
    if (!compilerCompatibility) {
      return ds;
    }
    List<Diagnostic> out = new ArrayList<>(ds.size());
    ds.forEach(d -> out.add(apply(d)));
    return List.copyOf(out);
  }
}
