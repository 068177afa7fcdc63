package dev.vkrules.runtime.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.ModuleTimeLimit;
import dev.vkrules.runtime.engine.Validator.ValidationResult;
import dev.vkrules.runtime.pipeline.Specialization;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Each module once: a module given alone (a file, a directory's file, standard input) is known
 * by its content's SHA-256 and its {@code --spec-constant} values, and validated once per run
 * whatever the paths it is found at (and, with a {@link VerdictCache}, once per cache); a run's
 * report still names each path. Also counts the distinct modules a run saw, pipelines' stages
 * included. Safe to call from several threads.
 */
final class Verdicts {
  private final VerdictCache cache;
  private final ConcurrentHashMap<String, CompletableFuture<ValidationResult>> memo = new ConcurrentHashMap<>();
  private final Set<String> seen = ConcurrentHashMap.newKeySet();

  /** {@code cache}: null without {@code --cache}. */
  Verdicts(VerdictCache cache) {
    this.cache = cache;
  }

  VerdictCache cache() {
    return cache;
  }

  /** The module's content hash, counted as seen. */
  String hash(byte[] module) {
    String h = VerdictCache.sha256(module);
    seen.add(h);
    return h;
  }

  /** How many distinct modules (by content) this run saw. */
  int distinctModules() {
    return seen.size();
  }

  /**
   * The verdict of {@code module} alone with {@code specialization}: from this run, else from the
   * cache, else {@code validate}'s, kept unless vkrules could not check the module. A module over
   * its time limit throws {@link ModuleTimeLimit.Exceeded} from {@code validate}, and is kept nowhere.
   */
  ValidationResult alone(byte[] module, Specialization specialization, Supplier<ValidationResult> validate) {
    String key = "module " + hash(module) + "\n" + specialization(specialization);
    CompletableFuture<ValidationResult> mine = new CompletableFuture<>();
    CompletableFuture<ValidationResult> other = memo.putIfAbsent(key, mine);
    if (other != null) {
      try {
        return other.join();
      } catch (CompletionException e) {
        // the run that held it ran out of time or failed: this one tries for itself
        return validate.get();
      }
    }
    try {
      ValidationResult r = cached(key);
      if (r == null) {
        r = validate.get();
        if (cache != null && keepable(r)) {
          cache.put(key, VerdictCodec.result(r));
        }
      }
      mine.complete(r);
      return r;
    } catch (RuntimeException | Error e) {
      memo.remove(key, mine);
      mine.completeExceptionally(e);
      throw e;
    }
  }

  private ValidationResult cached(String key) {
    if (cache == null) {
      return null;
    }
    JsonNode body = cache.get(key);
    if (body == null) {
      return null;
    }
    try {
      return VerdictCodec.result(body);
    } catch (VerdictCodec.Bad e) {
      return null;
    }
  }

  /** A verdict worth keeping: vkrules checked the module (no internal error, which a fix would change). */
  static boolean keepable(ValidationResult r) {
    return r.diagnostics().stream().noneMatch(Diagnostic::isInternalError);
  }

  /** The specialization values as a key holds them: each constant's value and where it was given (findings quote both). */
  static String specialization(Specialization s) {
    StringBuilder b = new StringBuilder("spec");
    // the values are sorted by SpecId; the bytes, width and kind decide, and the provenance is quoted
    for (Specialization.Value v : new java.util.TreeMap<>(s.values()).values()) {
      b.append(' ').append(v.constantId()).append(':').append(Long.toHexString(v.bits())).append(':').append(v.size())
          .append(v.real() ? ":real" : "").append(v.negative() ? ":negative" : "").append(' ').append(v.provenance());
    }
    return b.toString();
  }
}
