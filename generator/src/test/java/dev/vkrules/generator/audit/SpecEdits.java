package dev.vkrules.generator.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vkrules.generator.audit.SpecFacts.EntryFact;
import dev.vkrules.generator.audit.SpecFacts.VuidFact;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An edited copy of the pinned spec sources, made the way a spec release changes them:
 * one VUID removed, one added, one renamed, one re-issued under a new number with the same
 * text, one re-issued under a new number with one word added (a close successor), one reworded by one word, one re-marked-up only, one re-wrapped (whitespace only),
 * one whose word is now spelled by a document attribute, one moved under an ifdef, one
 * capability requirement changed and one capability renamed (its old name an alias in the
 * SPIR-V grammar). The VUIDs and capabilities are picked from the extraction of the original
 * (unconditional ones, in VUID order), never named by hand.
 */
final class SpecEdits {
  /** The attribute the moved VUID is put under; no spec defines it. */
  static final String NEW_ATTRIBUTE = "VK_EXT_vkrules_test_attribute";
  /** The document attribute the new tree's spec/config/attribs.adoc defines. */
  static final String DOC_ATTRIBUTE = "vkrulesTestWord";

  final String adoc;
  final String xml;
  final VuidFact removed;
  final VuidFact renamedFrom;
  final String renamedTo;
  final VuidFact reworded;
  final VuidFact remarked;
  final VuidFact rewrapped;
  final VuidFact attributed;
  final String attributeValue;
  final VuidFact succeeded;
  final String successor;
  final VuidFact closeFrom;
  final String closeSuccessor;
  final EntryFact renamedCapability;
  final String capabilityNewName;
  final String newAttribs;
  final String oldGrammar;
  final String newGrammar;
  final VuidFact moved;
  final VuidFact copiedFrom;
  final String added;
  final EntryFact capability;
  final String versionBefore;
  final String versionAfter;

  SpecEdits(SpecFacts old, String adoc, String xml) {
    List<VuidFact> plain = new ArrayList<>();
    for (VuidFact v : old.vuids().values()) {
      if (v.condition().equals("core") && v.textConditions().isEmpty() && count(adoc, v.asciidoc()) == 1) {
        plain.add(v);
      }
    }
    removed = plain.get(0);
    renamedFrom = plain.get(1);
    reworded = plain.stream().skip(2).filter(v -> v.asciidoc().contains("must:")).findFirst().orElseThrow();
    rewrapped = plain.stream().skip(2).filter(v -> v != reworded && reflowable(v) >= 0).findFirst().orElseThrow();
    List<VuidFact> taken = new ArrayList<>(List.of(removed, renamedFrom, reworded, rewrapped));
    remarked = next(plain, taken, v -> reflowable(v) >= 0);
    attributed = next(plain, taken, v -> CODE.matcher(v.asciidoc()).find());
    moved = next(plain, taken, v -> true);
    copiedFrom = next(plain, taken, v -> true);
    succeeded = next(plain, taken, v -> plain.stream().noneMatch(o -> o != v && o.text().equals(v.text())));
    closeFrom = next(plain, taken, v -> v.asciidoc().contains("must:") && !CloseSuccessors.name(v).equals("None"));

    String a = adoc;
    a = a.replace(removed.asciidoc() + "\n", "");

    String[] parts = renamedFrom.id().split("-");
    String anchorTail = "-" + parts[2] + "-" + parts[3] + "]]";
    renamedTo = renamedFrom.id().replace("-" + parts[2] + "-", "-" + parts[2] + "Renamed-");
    a = replaceOnce(a, renamedFrom.asciidoc(),
        renamedFrom.asciidoc().replace(anchorTail, "-" + parts[2] + "Renamed-" + parts[3] + "]]"));

    a = replaceOnce(a, reworded.asciidoc(), reworded.asciidoc().replaceFirst("must:", "should:"));

    List<String> lines = new ArrayList<>(rewrapped.asciidoc().lines().toList());
    int at = reflowable(rewrapped);
    lines.set(at, lines.get(at) + " " + lines.remove(at + 1).strip());
    a = replaceOnce(a, rewrapped.asciidoc(), String.join("\n", lines));

    // {empty} renders nothing: the source changes, the text does not.
    List<String> marked = new ArrayList<>(remarked.asciidoc().lines().toList());
    int m0 = reflowable(remarked);
    marked.set(m0, marked.get(m0) + "{empty}");
    a = replaceOnce(a, remarked.asciidoc(), String.join("\n", marked));

    Matcher code = CODE.matcher(attributed.asciidoc());
    code.find();
    attributeValue = code.group();
    a = replaceOnce(a, attributed.asciidoc(), attributed.asciidoc().substring(0, code.start()) + "{" + DOC_ATTRIBUTE + "}"
        + attributed.asciidoc().substring(code.end()));
    newAttribs = ":" + DOC_ATTRIBUTE + ": " + attributeValue + "\n";

    a = replaceOnce(a, moved.asciidoc() + "\n",
        "ifdef::" + NEW_ATTRIBUTE + "[]\n" + moved.asciidoc() + "\nendif::" + NEW_ATTRIBUTE + "[]\n");

    int highest = 0;
    for (VuidFact v : old.vuids().values()) {
      highest = Math.max(highest, Integer.parseInt(v.number()));
    }
    String number = String.format("%05d", highest + 1);
    String[] cp = copiedFrom.id().split("-");
    added = "VUID-" + cp[1] + "-" + cp[2] + "-" + number;
    String copy = copiedFrom.asciidoc().replace("-" + cp[3] + "]]", "-" + number + "]]");
    a = replaceOnce(a, copiedFrom.asciidoc() + "\n", copiedFrom.asciidoc() + "\n" + copy + "\n");

    String next = String.format("%05d", highest + 2);
    successor = succeeded.id().substring(0, succeeded.id().lastIndexOf('-') + 1) + next;
    a = replaceOnce(a, succeeded.asciidoc(), succeeded.asciidoc().replace("-" + succeeded.number() + "]]", "-" + next + "]]"));

    // Re-issued under a new number with one word more: "must" becomes "must always".
    String third = String.format("%05d", highest + 3);
    closeSuccessor = closeFrom.id().substring(0, closeFrom.id().lastIndexOf('-') + 1) + third;
    a = replaceOnce(a, closeFrom.asciidoc(), closeFrom.asciidoc().replace("-" + closeFrom.number() + "]]", "-" + third + "]]")
        .replaceFirst("must:", "must: always"));
    this.adoc = a;

    // The first capability (by name) enabled by a Vulkan version gets the next version.
    capability = old.capabilities().values().stream()
        .filter(c -> c.enables().stream().anyMatch(e -> e.matches("version VK_VERSION_1_[0-2]")))
        .findFirst().orElseThrow();
    versionBefore = capability.enables().stream().filter(e -> e.matches("version VK_VERSION_1_[0-2]"))
        .findFirst().orElseThrow().substring("version ".length());
    versionAfter = versionBefore.substring(0, versionBefore.length() - 1)
        + (char) (versionBefore.charAt(versionBefore.length() - 1) + 1);
    Matcher m = Pattern.compile("<spirvcapability name=\"" + Pattern.quote(capability.name())
        + "\">(?s:.*?)</spirvcapability>").matcher(xml);
    if (!m.find()) {
      throw new IllegalStateException("capability " + capability.name() + " not found in vk.xml");
    }
    String block = m.group();
    String edited = block.replace("version=\"" + versionBefore + "\"", "version=\"" + versionAfter + "\"");
    String x = xml.substring(0, m.start()) + edited + xml.substring(m.end());

    // The last capability by name is renamed; the new grammar keeps the old name as an alias.
    renamedCapability = old.capabilities().values().stream().reduce((p, q) -> q).orElseThrow();
    capabilityNewName = renamedCapability.name() + "Renamed";
    x = replaceOnce(x, "<spirvcapability name=\"" + renamedCapability.name() + "\"",
        "<spirvcapability name=\"" + capabilityNewName + "\"");
    this.xml = x;
    oldGrammar = grammar("{\"enumerant\": \"" + renamedCapability.name() + "\", \"value\": 7}");
    newGrammar = grammar("{\"enumerant\": \"" + capabilityNewName + "\", \"value\": 7, \"aliases\": [\""
        + renamedCapability.name() + "\"]}");
  }

  private static final Pattern CODE = Pattern.compile("code:[A-Z]\\w+");

  private static String grammar(String enumerant) {
    return "{\"operand_kinds\": [{\"kind\": \"Capability\", \"enumerants\": [" + enumerant + "]}]}";
  }

  private static VuidFact next(List<VuidFact> plain, List<VuidFact> taken, java.util.function.Predicate<VuidFact> p) {
    VuidFact v = plain.stream().skip(2).filter(c -> !taken.contains(c) && p.test(c)).findFirst().orElseThrow();
    taken.add(v);
    return v;
  }

  /** The index of a text line that can be joined with the next without changing the text, or -1. */
  static int reflowable(VuidFact v) {
    List<String> lines = v.asciidoc().lines().toList();
    Pattern words = Pattern.compile("[A-Za-z][A-Za-z ,.:]*[A-Za-z,.]");
    for (int i = 1; i + 1 < lines.size(); i++) {
      if (words.matcher(lines.get(i).strip()).matches() && words.matcher(lines.get(i + 1).strip()).matches()) {
        return i;
      }
    }
    return -1;
  }

  static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }

  private static String replaceOnce(String text, String from, String to) {
    assertEquals(1, count(text, from), "expected one occurrence of " + from);
    return text.replace(from, to);
  }
}
