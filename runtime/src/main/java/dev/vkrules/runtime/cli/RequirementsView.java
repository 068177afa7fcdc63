package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.cli.PortabilityMatrix.Cell;
import dev.vkrules.runtime.cli.PortabilityMatrix.Device;
import dev.vkrules.runtime.cli.PortabilityMatrix.Reason;
import dev.vkrules.runtime.cli.PortabilityMatrix.Row;
import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Engine;
import dev.vkrules.runtime.engine.PreparedModule;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import dev.vkrules.runtime.requirements.Alternative;
import dev.vkrules.runtime.requirements.AlternativeText;
import dev.vkrules.runtime.requirements.ModuleDeclarations;
import dev.vkrules.runtime.requirements.Outcome;
import dev.vkrules.runtime.requirements.RequirementCheck;
import dev.vkrules.runtime.requirements.SpirvRequirement;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a set of modules needs from a device beyond what the target Vulkan version guarantees:
 * the extensions, features and properties their capabilities and extensions require (the
 * appendix's tables), and the limits and other facts their device rules depend on (those the
 * guaranteed minimum of the version does not decide). Each need counts the modules that have it;
 * with device descriptions, each need says on which devices it holds, which devices lack it, and
 * which devices would be gained without the modules that need it (the devices whose every missing
 * need is one that only those modules have), and the view says which devices run every module
 * clean.
 */
final class RequirementsView {
  /** The formats {@code --requirements} writes (an enum: a following FILE is never taken for one). */
  enum Format { text, json, md, html }

  /** The order of kinds in every format. */
  static final List<String> KINDS = List.of("extension", "feature", "property", "limit", "format");

  /**
   * One need: its kind, its words, what asks for it (SPIR-V capabilities and extensions, or rule
   * VUIDs), the modules that have it and, per device, whether it holds there and whether the
   * device would be gained without those modules.
   */
  static final class Need {
    final String kind;
    final String text;
    final Set<String> from = new TreeSet<>();
    final Set<String> modules = new TreeSet<>();
    /** The table entry (requirement needs), else null. */
    SpirvRequirement requirement;
    boolean[] holds;
    /**
     * Per device: it lacks this need, and every need it lacks is needed only by modules that need
     * this one, so dropping those modules leaves nothing the device lacks.
     */
    boolean[] gained;

    Need(String kind, String text) {
      this.kind = kind;
      this.text = text;
    }

    int holdsOn() {
      int n = 0;
      for (boolean h : holds) {
        n += h ? 1 : 0;
      }
      return n;
    }

    int gainedOn() {
      int n = 0;
      for (boolean g : gained) {
        n += g ? 1 : 0;
      }
      return n;
    }

    /** The names of the devices where {@code which} is true, in device order. */
    static List<String> named(boolean[] which, List<String> names, boolean value) {
      List<String> out = new ArrayList<>();
      for (int i = 0; i < which.length; i++) {
        if (which[i] == value) {
          out.add(names.get(i));
        }
      }
      return out;
    }
  }

  /** The view: the needs, sorted (kind, then most modules first), and the matrix rows when there are devices. */
  record View(Target target, int modules, int malformed, List<Need> needs, List<Device> devices, List<Row> rows) {}

  /** One module's bytes, by name. */
  record Module(String name, byte[] bytes) {}

  private RequirementsView() {}

  static View of(Target target, Engine engine, List<Device> devices, List<Module> modules, int maxPerRule) {
    RequirementCheck offline = Validator.requirements(target, Optional.empty());
    record One(Row row, List<Need> needs, boolean malformed) {}
    List<One> per = modules.parallelStream().map(m -> {
      PreparedModule p = PreparedModule.of(ByteBuffer.wrap(m.bytes()), engine, maxPerRule);
      Row row = devices.isEmpty() ? null : PortabilityMatrix.row(m.name(), p, devices);
      ModuleDeclarations declared = p.declarations();
      if (declared == null) {
        return new One(row, List.of(), true);
      }
      List<Need> needs = new ArrayList<>();
      for (RequirementCheck.Unmet u : offline.all(declared.capabilities(), declared.extensions())) {
        if (offline.evaluator().evaluate(u.requirement()) == Outcome.SATISFIED) {
          continue;
        }
        Need n = new Need(kind(u.requirement()), AlternativeText.anyOf(u.requirement().anyOf(),
            offline.evaluator()::requiresMet));
        n.requirement = u.requirement();
        n.from.add(u.declaration().name());
        needs.add(n);
      }
      for (Diagnostic d : p.evaluate(null, List.of()).diagnostics()) {
        if (d.severity() == Diagnostic.Severity.NEEDS_DEVICE_INFO && d.message().startsWith("Needs ")) {
          String fact = fact(d.message());
          Need n = new Need(fact.contains("::") ? fact.contains("Features::") ? "feature" : "limit" : "format", fact);
          n.from.add(d.vuid());
          needs.add(n);
        }
      }
      return new One(row, needs, false);
    }).toList();

    Map<String, Need> merged = new TreeMap<>();
    List<Row> rows = new ArrayList<>();
    int malformed = 0;
    for (int i = 0; i < per.size(); i++) {
      One one = per.get(i);
      malformed += one.malformed() ? 1 : 0;
      if (one.row() != null) {
        rows.add(one.row());
      }
      for (Need n : one.needs()) {
        Need into = merged.computeIfAbsent(n.kind + "\u0000" + n.text, k -> {
          Need fresh = new Need(n.kind, n.text);
          fresh.requirement = n.requirement;
          return fresh;
        });
        into.from.addAll(n.from);
        into.modules.add(modules.get(i).name());
      }
    }
    List<Need> needs = new ArrayList<>(merged.values());
    Map<String, Integer> rowOf = new TreeMap<>();
    for (int r = 0; r < rows.size(); r++) {
      rowOf.put(rows.get(r).module(), r);
    }
    for (Need n : needs) {
      n.holds = new boolean[devices.size()];
      for (int d = 0; d < devices.size(); d++) {
        n.holds[d] = n.requirement != null
            ? devices.get(d).requirements().evaluator().evaluate(n.requirement) == Outcome.SATISFIED
            : PreparedModule.provided(n.text, devices.get(d).views()) && factHolds(n, rows, rowOf, d);
      }
    }
    gains(needs, devices.size());
    needs.sort((a, b) -> { // by kind, most modules first, then text (not Comparator's serializable combinators)
      int c = Integer.compare(KINDS.indexOf(a.kind), KINDS.indexOf(b.kind));
      if (c == 0) {
        c = Integer.compare(b.modules.size(), a.modules.size());
      }
      return c != 0 ? c : a.text.compareTo(b.text);
    });
    return new View(target, modules.size(), malformed, needs, devices, rows);
  }

  /**
   * Per need and device, whether the device is gained without the need's modules: it lacks the
   * need, and each need it lacks has only modules among them. A device that lacks an extension
   * lacks the capability's feature that comes with it too, in the same modules; both go with them.
   */
  private static void gains(List<Need> needs, int devices) {
    for (Need n : needs) {
      n.gained = new boolean[devices];
    }
    for (int d = 0; d < devices; d++) {
      List<Need> lacked = new ArrayList<>();
      for (Need n : needs) {
        if (!n.holds[d]) {
          lacked.add(n);
        }
      }
      for (Need n : lacked) {
        boolean all = true;
        for (Need other : lacked) {
          if (other != n && !n.modules.containsAll(other.modules)) {
            all = false;
            break;
          }
        }
        n.gained[d] = all;
      }
    }
  }

  /**
   * A fact holds on a device that can state it when no module that depends on it fails or lacks
   * information there for its rules.
   */
  private static boolean factHolds(Need n, List<Row> rows, Map<String, Integer> rowOf, int device) {
    for (String m : n.modules) {
      Cell c = rows.get(rowOf.get(m)).cells().get(device);
      for (Reason r : c.reasons()) {
        if (n.from.contains(r.vuid())) {
          return false;
        }
      }
    }
    return true;
  }

  /** {@code extension} when every way is an extension, {@code feature} or {@code property} by the first such way. */
  private static String kind(SpirvRequirement r) {
    for (Alternative a : r.anyOf()) {
      if (a instanceof Alternative.Feature || a instanceof Alternative.AllOf) {
        return "feature";
      } else if (a instanceof Alternative.Property) {
        return "property";
      }
    }
    return "extension";
  }

  private static String fact(String message) {
    int end = message.indexOf(message.contains(", which") ? ", which" : " to decide");
    return end > 6 ? message.substring(6, end) : message.substring(6);
  }
}
