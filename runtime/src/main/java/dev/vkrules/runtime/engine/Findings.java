package dev.vkrules.runtime.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Orders, bounds and synthesizes diagnostics for one module. */
public final class Findings {
  // Written out, not Comparator.comparingInt(...).thenComparing(...): the JDK's combinators return
  // serializable lambdas, which the AOT cache does not keep, so each would be spun at run time
  // (several milliseconds of interpreted class generation on every one-module run).
  private static final Comparator<Diagnostic> ORDER = (a, b) -> {
    int c = Integer.compare(a.wordOffset(), b.wordOffset());
    return c != 0 ? c : a.vuid().compareTo(b.vuid());
  };

  private Findings() {}

  /** Sorted by word offset, then VUID. */
  static List<Diagnostic> sorted(List<Diagnostic> diagnostics) {
    List<Diagnostic> out = new ArrayList<>(diagnostics);
    out.sort(ORDER);
    return out;
  }

  /**
   * Keeps the first {@code maxPerRule} findings of each VUID (by word offset) and ends the list
   * with one "and N more" finding per VUID that had more, counting {@code alreadyOmitted} (what
   * the engine counted without keeping) too. Internal errors and malformed-module messages are
   * never dropped.
   */
  static List<Diagnostic> bounded(List<Diagnostic> diagnostics, int maxPerRule, Map<String, Integer> alreadyOmitted) {
    Map<String, Integer> kept = new HashMap<>();
    Map<String, Integer> omitted = new TreeMap<>(alreadyOmitted);
    Map<String, Diagnostic.Severity> severity = new HashMap<>();
    List<Diagnostic> out = new ArrayList<>();
    for (Diagnostic d : sorted(diagnostics)) {
      if (d.vuid().isEmpty() || d.isInternalError()) {
        out.add(d);
        continue;
      }
      severity.putIfAbsent(d.vuid(), d.severity());
      if (kept.merge(d.vuid(), 1, Integer::sum) <= maxPerRule) {
        out.add(d);
      } else {
        omitted.merge(d.vuid(), 1, Integer::sum);
      }
    }
    omitted.forEach((vuid, n) -> out.add(omitted(vuid, n, severity.getOrDefault(vuid, Diagnostic.Severity.ERROR))));
    return List.copyOf(out);
  }

  /** The closing finding of a VUID whose other {@code n} findings were not listed. */
  static Diagnostic omitted(String vuid, int n, Diagnostic.Severity severity) {
    return new Diagnostic(vuid, "\u2026 and " + n + " more finding" + (n == 1 ? "" : "s")
        + " of this rule, not listed (--all-findings lists every one).", "", -1, "", severity);
  }

  /**
   * A specialization value the module's constant cannot take: the module gets no verdict (a tool
   * error, exit 2), and the one line names the value's source and what the constant is; a map
   * entry whose size is not its constant's is the error VkSpecializationMapEntry names (exit 1).
   */
  public static Diagnostic unusable(dev.vkrules.runtime.pipeline.Specialization.Unusable e) {
    if (e.rule() != null) {
      // Vulkan forbids the entry: an error of the description under its VUID; no other rule is
      // decided with a value the constant cannot take
      // it lands where the description gives the entry, as a finding lands in the shader's source
      dev.vkrules.runtime.pipeline.Source at = e.at();
      Diagnostic d = new Diagnostic(e.rule().id(), e.what() + " (" + dev.vkrules.runtime.Shown.pointer(at.pointer())
          + "); the module's other rules are not checked with it.", "", -1, e.rule().text(), Diagnostic.Severity.ERROR);
      return at.file().isEmpty() ? d : d.withSource(new Diagnostic.Source(
          new dev.vkrules.runtime.spirv.debug.SourceLocation(at.file(), at.line(), at.column(), null, List.of(), null), null));
    }
    return new Diagnostic("", e.getMessage(), "", -1, "", Diagnostic.Severity.INTERNAL_ERROR);
  }

  /**
   * vkrules failed in {@code where} (a checker, or the module model when {@code vuid} is
   * empty): one diagnostic that names the failure as a bug to report, never as a verdict.
   */
  public static Diagnostic internalError(String vuid, String where, Throwable e, String instruction, int offset) {
    return new Diagnostic(vuid, "internal error in " + where + " (" + describe(e)
        + "); no verdict for " + (vuid.isEmpty() ? "this module" : "this rule") + ", please report it", instruction,
        offset, "", Diagnostic.Severity.INTERNAL_ERROR);
  }

  /** The exception's kind, message and the vkrules frame that threw it: what a bug report needs. */
  static String describe(Throwable e) {
    StringBuilder b = new StringBuilder(e.getClass().getSimpleName());
    if (e.getMessage() != null && !(e instanceof StackOverflowError)) {
      b.append(": ").append(e.getMessage().lines().findFirst().orElse(""));
    }
    for (StackTraceElement f : e.getStackTrace()) {
      if (f.getClassName().startsWith("dev.vkrules.")) {
        String cls = f.getClassName().substring(f.getClassName().lastIndexOf('.') + 1);
        b.append(" at ").append(cls).append('.').append(f.getMethodName()).append(':').append(f.getLineNumber());
        break;
      }
    }
    return b.toString();
  }
}
