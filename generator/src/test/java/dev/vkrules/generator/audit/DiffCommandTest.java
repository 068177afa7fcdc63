package dev.vkrules.generator.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vkrules.generator.audit.SpecFacts.VuidFact;
import dev.vkrules.generator.extract.SpecContext;
import dev.vkrules.generator.extract.SpecExtractor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code vkrules diff} on the pinned 1.3.239 sources and an edited copy of them: each edit
 * must land in exactly its class, and nothing else may be reported.
 */
class DiffCommandTest {
  @TempDir static Path tmp;
  private static SpecFacts old;
  private static SpecEdits edits;
  private static JsonNode diff;
  private static Cli.Result result;

  @BeforeAll
  static void runDiff() throws IOException {
    // edits of the 1.3.239 fixture: a release with conditional VUIDs and VK_VERSION_ conditions
    Path spec = RuleFixtures.fixture();
    old = SpecFactsReader.of(SpecExtractor.extract(spec), spec);
    String adoc = Files.readString(spec.resolve(SpecExtractor.APPENDIX), StandardCharsets.UTF_8);
    String xml = Files.readString(spec.resolve(SpecExtractor.REGISTRY), StandardCharsets.UTF_8);
    edits = new SpecEdits(old, adoc, xml);
    Path oldDir = Files.createDirectories(tmp.resolve("old"));
    Files.writeString(oldDir.resolve(SpecExtractor.APPENDIX), adoc, StandardCharsets.UTF_8);
    Files.writeString(oldDir.resolve(SpecExtractor.REGISTRY), xml, StandardCharsets.UTF_8);
    Path newDir = Files.createDirectories(tmp.resolve("new"));
    Files.writeString(newDir.resolve(SpecExtractor.APPENDIX), edits.adoc, StandardCharsets.UTF_8);
    Files.writeString(newDir.resolve(SpecExtractor.REGISTRY), edits.xml, StandardCharsets.UTF_8);
    // Both trees carry the fixture's spec/ (attributes, cross-referenced titles), as a release
    // does: the facts of the original were extracted with it. The new tree also defines the
    // attribute one edit spells a word with.
    copyTree(spec.resolve(SpecContext.SPEC), oldDir.resolve(SpecContext.SPEC));
    copyTree(spec.resolve(SpecContext.SPEC), newDir.resolve(SpecContext.SPEC));
    Files.writeString(newDir.resolve(SpecContext.SPEC).resolve(SpecContext.ATTRIBS), edits.newAttribs,
        StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    Files.createDirectories(oldDir.resolve("spirv"));
    Files.writeString(oldDir.resolve("spirv/spirv.core.grammar.json"), edits.oldGrammar, StandardCharsets.UTF_8);
    Files.createDirectories(newDir.resolve("spirv"));
    Files.writeString(newDir.resolve("spirv/spirv.core.grammar.json"), edits.newGrammar, StandardCharsets.UTF_8);
    Path rules = writeRules(tmp.resolve("rules"));
    result = Cli.run(new DiffCommand(), oldDir.toString(), newDir.toString(), "--format", "json",
        "--rules", rules.toString());
    assertEquals(0, result.exit(), result.err());
    diff = new ObjectMapper().readTree(result.out());
  }

  private static void copyTree(Path from, Path to) throws IOException {
    if (!Files.isDirectory(from)) {
      return;
    }
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target);
        }
      }
    }
  }

  /** A rules directory as extracted from the old tree, with some rules authored. */
  private static Path writeRules(Path dir) throws IOException {
    for (VuidFact v : old.vuids().values()) {
      Status status = Status.TODO;
      if (v == edits.removed || v == edits.reworded || v == edits.remarked || v == edits.succeeded
          || v == edits.closeFrom) {
        status = Status.DECLARATIVE;
      } else if (v == edits.renamedFrom) {
        status = Status.NATIVE;
      } else if (v == edits.moved) {
        status = Status.NOT_CHECKABLE;
      }
      RuleFixtures.writeRule(dir, new RuleFixtures.Entry(v.id(), v.section(), v.condition()), status,
          status == Status.NOT_CHECKABLE ? "needs device information" : null,
          status.checked() ? 1 : 0, status.checked() ? 1 : 0, false, v.hash());
    }
    return dir;
  }

  private static List<String> strings(JsonNode list, String field) {
    List<String> out = new ArrayList<>();
    list.forEach(n -> out.add(n.get(field).asText()));
    return out;
  }

  @Test
  void aRemovedVuidIsRemoved() {
    assertEquals(List.of(edits.removed.id()), strings(diff.at("/vuids/removed"), "vuid"));
  }

  @Test
  void anAddedVuidIsAdded() {
    assertEquals(List.of(edits.added), strings(diff.at("/vuids/added"), "vuid"));
    assertEquals(edits.copiedFrom.hash(), diff.at("/vuids/added/0/hash").asText(), "same text as its model");
  }

  @Test
  void aNewAnchorNameWithTheSameNumberIsARename() {
    JsonNode renamed = diff.at("/vuids/renamed");
    assertEquals(1, renamed.size());
    assertEquals(edits.renamedFrom.id(), renamed.at("/0/old").asText());
    assertEquals(edits.renamedTo, renamed.at("/0/new").asText());
  }

  @Test
  void aChangedWordIsARewording() {
    JsonNode reworded = diff.at("/vuids/reworded");
    assertEquals(List.of(edits.reworded.id()), strings(reworded, "new"));
    assertEquals(edits.reworded.hash(), reworded.at("/0/oldHash").asText());
    assertTrue(reworded.at("/0/newText").asText().contains("should"), reworded.toString());
  }

  @Test
  void changedMarkupAndAWordNowSpelledByAnAttributeAreMarkupOnly() {
    assertEquals(new TreeSet<>(List.of(edits.remarked.id(), edits.attributed.id())),
        new TreeSet<>(strings(diff.at("/vuids/markupOnly"), "new")));
  }

  @Test
  void rewrappedSourceIsWhitespaceOnly() {
    assertEquals(List.of(edits.rewrapped.id()), strings(diff.at("/vuids/whitespaceOnly"), "new"));
  }

  @Test
  void aVuidReissuedWithTheSameTextIsASuccessor() {
    JsonNode successors = diff.at("/vuids/successors");
    assertEquals(List.of(edits.succeeded.id()), strings(successors, "old"));
    assertEquals(List.of(edits.successor), strings(successors, "new"));
  }

  @Test
  void aVuidReissuedWithACloseTextIsACloseSuccessorWithItsWordDiff() {
    JsonNode close = diff.at("/vuids/closeSuccessors");
    assertEquals(List.of(edits.closeFrom.id()), strings(close, "old"));
    assertEquals(List.of(edits.closeSuccessor), strings(close, "new"));
    String words = close.at("/0/wordDiff").asText();
    assertTrue(words.contains("must {+always+}"), words);
    assertEquals(1, WordDiff.changedWords(close.at("/0/oldText").asText(), close.at("/0/newText").asText()));
    double expected = CloseSuccessors.similarity(edits.closeFrom.text(), close.at("/0/newText").asText());
    assertEquals(expected, close.at("/0/similarity").asDouble(), 0.0005);
    assertTrue(expected >= CloseSuccessors.SAME_NAME && expected < 1, "close, not identical: " + expected);
    assertEquals(1, diff.at("/summary/closeSuccessors").asInt());
  }

  @Test
  void aCloseSuccessorIsNeitherRemovedNorAdded() {
    assertTrue(!strings(diff.at("/vuids/removed"), "vuid").contains(edits.closeFrom.id()));
    assertTrue(!strings(diff.at("/vuids/added"), "vuid").contains(edits.closeSuccessor));
    assertTrue(!strings(diff.at("/vuids/successors"), "old").contains(edits.closeFrom.id()), "not the same text");
  }

  @Test
  void aDistantTextIsNotPaired() {
    // The fixture's VUID re-issued with every other word replaced: its words are under half
    // the same, far below either threshold, so it stays removed and added.
    VuidFact o = edits.closeFrom;
    List<String> words = new ArrayList<>(WordDiff.words(o.text()));
    for (int i = 0; i < words.size(); i += 2) {
      words.set(i, "other" + i);
    }
    String text = String.join(" ", words);
    assertTrue(CloseSuccessors.similarity(o.text(), text) < CloseSuccessors.SAME_NAME);
    String id = o.id().substring(0, o.id().lastIndexOf('-') + 1) + "99999";
    VuidFact far = new VuidFact(id, o.section(), o.condition(), List.of(), o.source(), o.asciidoc(), text, "0" + o.hash());
    java.util.SortedMap<String, VuidFact> vuids = new java.util.TreeMap<>(old.vuids());
    vuids.remove(o.id());
    vuids.put(id, far);
    SpecDiff d = SpecDiff.compare(old, new SpecFacts(vuids, old.capabilities(), old.extensions(), old.imageFormats(),
        old.tables(), old.capabilityValues()));
    assertEquals(List.of(), d.closeSuccessors());
    assertEquals(List.of(o.id()), d.removed().stream().map(VuidFact::id).toList());
    assertEquals(List.of(id), d.added().stream().map(VuidFact::id).toList());
    // One word changed instead: now it is paired, and the work list moves the rule.
    String near = o.text().replaceFirst("\\bmust\\b", "shall");
    vuids.put(id, new VuidFact(id, o.section(), o.condition(), List.of(), o.source(), o.asciidoc(), near, "0" + o.hash()));
    SpecFacts after = new SpecFacts(vuids, old.capabilities(), old.extensions(), old.imageFormats(), old.tables(),
        old.capabilityValues());
    SpecDiff paired = SpecDiff.compare(old, after);
    assertEquals(1, paired.closeSuccessors().size());
    AuditRule rule = RuleDirectory.parse("standalone/" + o.id() + ".yaml", "vuid: " + o.id() + "\nextracted:\n  section: "
        + o.section() + "\n  hash: " + o.hash() + "\nauthored:\n  status: declarative\n");
    WorkList w = WorkList.of(paired, after, "rules", List.of(rule));
    assertEquals(id, w.orphaned().get(0).moveTo());
    assertTrue(w.orphaned().get(0).detail().startsWith("move to " + id + " "), w.orphaned().get(0).detail());
    String text2 = DiffText.text(paired, w, "a", "b");
    assertTrue(text2.contains(o.id() + " -> " + id), text2);
    assertTrue(text2.contains("[-must-]{+shall+}"), text2);
    assertTrue(DiffText.markdown(paired, w, "a", "b").contains("[-must-]{+shall+}"));
  }

  @Test
  void aCapabilityWhoseOldNameIsAGrammarAliasIsRenamed() {
    JsonNode renamed = diff.at("/capabilities/renamed");
    assertEquals(List.of(edits.capabilityNewName), strings(renamed, "name"));
    assertEquals(List.of(edits.renamedCapability.name()), strings(renamed, "formerName"));
  }

  @Test
  void aOneWordRewordingShowsAsThatWord() {
    String words = diff.at("/vuids/reworded/0/wordDiff").asText();
    assertTrue(words.contains("[-must-]{+should+}"), words);
    assertEquals(2, WordDiff.changedWords(diff.at("/vuids/reworded/0/oldText").asText(),
        diff.at("/vuids/reworded/0/newText").asText()));
  }

  @Test
  void aVuidMovedUnderAnIfdefIsAConditionChange() {
    JsonNode changed = diff.at("/vuids/conditionChanged");
    assertEquals(List.of(edits.moved.id()), strings(changed, "vuid"));
    assertEquals("core", changed.at("/0/oldCondition").asText());
    assertEquals("(" + SpecEdits.NEW_ATTRIBUTE + ")", changed.at("/0/newCondition").asText());
  }

  @Test
  void aChangedEnableIsACapabilityRequirementChange() {
    JsonNode caps = diff.get("capabilities");
    assertEquals(0, caps.get("added").size());
    assertEquals(0, caps.get("removed").size());
    assertEquals(1, caps.get("renamed").size());
    assertEquals(List.of(edits.capability.name()), strings(caps.get("changed"), "name"));
    TreeSet<String> after = new TreeSet<>(edits.capability.enables());
    after.remove("version " + edits.versionBefore);
    after.add("version " + edits.versionAfter);
    TreeSet<String> plus = new TreeSet<>(after);
    plus.removeAll(edits.capability.enables());
    TreeSet<String> minus = new TreeSet<>(edits.capability.enables());
    minus.removeAll(after);
    assertEquals(new ArrayList<>(plus), texts(caps.at("/changed/0/enablesAdded")));
    assertEquals(new ArrayList<>(minus), texts(caps.at("/changed/0/enablesRemoved")));
  }

  @Test
  void nothingElseIsReported() {
    JsonNode s = diff.get("summary");
    assertEquals(1, s.get("added").asInt());
    assertEquals(1, s.get("removed").asInt());
    assertEquals(1, s.get("renamed").asInt());
    assertEquals(1, s.get("successors").asInt());
    assertEquals(1, s.get("closeSuccessors").asInt());
    assertEquals(1, s.get("reworded").asInt());
    assertEquals(2, s.get("markupOnly").asInt());
    assertEquals(1, s.get("whitespaceOnly").asInt());
    assertEquals(1, s.get("conditionChanged").asInt());
    assertEquals(2, s.get("capabilities").asInt());
    assertEquals(0, s.get("extensions").asInt());
    assertEquals(0, s.get("imageFormats").asInt());
    assertEquals(0, s.get("tables").asInt());
  }

  @Test
  void theWorkListNamesStaleOrphanedAndUnruledRules() {
    JsonNode work = diff.get("work");
    assertEquals(List.of(edits.reworded.id()), strings(work.get("stale"), "vuid"));
    List<String> orphaned = strings(work.get("orphaned"), "vuid");
    assertEquals(new TreeSet<>(List.of(edits.removed.id(), edits.renamedFrom.id(), edits.succeeded.id(),
        edits.closeFrom.id())), new TreeSet<>(orphaned));
    for (JsonNode o : work.get("orphaned")) {
      String detail = o.get("detail").asText();
      if (o.get("vuid").asText().equals(edits.renamedFrom.id())) {
        assertTrue(detail.startsWith("renamed to " + edits.renamedTo), detail);
      } else if (o.get("vuid").asText().equals(edits.succeeded.id())) {
        assertTrue(detail.startsWith("succeeded by " + edits.successor + " (same text)"), detail);
      } else if (o.get("vuid").asText().equals(edits.closeFrom.id())) {
        assertTrue(detail.startsWith("move to " + edits.closeSuccessor + " (close successor"), detail);
        assertEquals(edits.closeSuccessor, o.get("moveTo").asText());
      } else {
        assertEquals("removed from the spec", detail);
        assertTrue(o.get("moveTo").isNull());
      }
    }
    assertEquals(List.of(edits.added), strings(work.get("unruled"), "vuid"));
  }

  @Test
  void outputNamesNoAbsolutePath() {
    assertTrue(diff.at("/vuids/added/0/source").asText().matches("spirvenv\\.adoc:\\d+"),
        diff.at("/vuids/added/0/source").asText());
    // The directories were given as absolute paths: they are printed relative to the working
    // directory, and still name the same directories.
    Path cwd = Path.of("").toAbsolutePath();
    assertEquals(tmp.resolve("old"), cwd.resolve(diff.get("old").asText()).normalize());
    assertEquals(tmp.resolve("new"), cwd.resolve(diff.get("new").asText()).normalize());
    assertEquals(tmp.resolve("rules"), cwd.resolve(diff.at("/work/rules").asText()).normalize());
    List<String> absolute = new ArrayList<>();
    strings(diff, absolute);
    assertEquals(List.of(), absolute, "no string of the report is an absolute path");
  }

  /** Every string value of the report that is an absolute path. */
  private static void strings(JsonNode n, List<String> absolute) {
    if (n.isTextual() && (n.asText().startsWith("/") || n.asText().matches("[A-Za-z]:\\\\.*"))) {
      absolute.add(n.asText());
    }
    n.forEach(c -> strings(c, absolute));
  }

  @Test
  void textAndMarkdownListTheSameChanges() {
    // The same classification rendered for people, from facts changed in memory.
    java.util.SortedMap<String, VuidFact> vuids = new java.util.TreeMap<>(old.vuids());
    VuidFact gone = vuids.remove(edits.removed.id());
    VuidFact r = edits.reworded;
    vuids.put(r.id(), new VuidFact(r.id(), r.section(), r.condition(), r.textConditions(), r.source(),
        r.asciidoc(), r.text() + " too", "0" + r.hash()));
    SpecFacts changed = new SpecFacts(vuids, old.capabilities(), old.extensions(), old.imageFormats(), old.tables(),
        old.capabilityValues());
    SpecDiff d = SpecDiff.compare(old, changed);
    WorkList w = WorkList.of(d, changed, null, List.of());
    String text = DiffText.text(d, w, "a", "b");
    assertTrue(text.contains("VUIDs: 0 added, 1 removed, 0 renamed, 0 succeeded, 0 close successors, 1 reworded, 0 markup-only, "
        + "0 whitespace-only, 0 condition changes"), text);
    assertTrue(text.contains("\nVUIDs removed\n  " + gone.id() + "  (" + gone.section() + ", core) "), text);
    assertTrue(text.contains("    ~ " + SpecDiff.collapse(r.text()) + " {+too+}\n"), text);
    assertTrue(text.contains("\nCapabilities\n  none\n"), text);
    String md = DiffText.markdown(d, w, "a", "b");
    assertTrue(md.contains("## VUIDs removed\n\n- " + gone.id() + " "), md);
    assertTrue(md.contains("## Capabilities\n\nnone\n"), md);
    assertTrue(SpecDiff.compare(old, old).isEmpty());
  }

  @Test
  void tablesAndImageFormatsAreComparedRowByRow() {
    SpecFacts.TableFact table = old.tables().values().stream().filter(t -> t.rows().size() > 1)
        .findFirst().orElseThrow();
    List<List<String>> rows = new ArrayList<>(table.rows());
    List<String> dropped = rows.remove(rows.size() - 1);
    List<String> extra = new ArrayList<>(rows.get(0));
    extra.set(0, extra.get(0) + " (new)");
    rows.add(extra);
    java.util.SortedMap<String, SpecFacts.TableFact> tables = new java.util.TreeMap<>(old.tables());
    tables.put(table.identity(), new SpecFacts.TableFact(table.key(), table.condition(), table.title(),
        table.include(), table.header(), rows));
    SpecFacts.FormatFact format = old.imageFormats().values().iterator().next();
    java.util.SortedMap<String, SpecFacts.FormatFact> formats = new java.util.TreeMap<>(old.imageFormats());
    formats.put(format.name(), new SpecFacts.FormatFact(format.name(), format.vkFormats().subList(1, format.vkFormats().size())));
    SpecDiff d = SpecDiff.compare(old, new SpecFacts(old.vuids(), old.capabilities(), old.extensions(), formats, tables,
        old.capabilityValues()));
    assertEquals(1, d.tables().changed().size());
    SpecDiff.TableChange c = d.tables().changed().get(0);
    assertEquals(List.of(String.join(" | ", extra)), c.rowsAdded());
    assertEquals(List.of(String.join(" | ", dropped)), c.rowsRemoved());
    assertEquals(false, c.headerChanged());
    assertEquals(List.of(format.name()), d.imageFormats().changed().stream().map(p -> p.after().name()).toList());
    assertEquals(0, d.capabilities().size() + d.extensions().size() + d.added().size() + d.reworded().size());
  }

  @Test
  void aTableWhoseConditionChangedIsChangedNotRemovedAndAdded() {
    SpecFacts.TableFact table = old.tables().values().iterator().next();
    java.util.SortedMap<String, SpecFacts.TableFact> tables = new java.util.TreeMap<>(old.tables());
    tables.remove(table.identity());
    SpecFacts.TableFact guarded = new SpecFacts.TableFact(table.key(), "(" + SpecEdits.NEW_ATTRIBUTE + ")",
        table.title(), table.include(), table.header(), table.rows());
    tables.put(guarded.identity(), guarded);
    SpecDiff d = SpecDiff.compare(old, new SpecFacts(old.vuids(), old.capabilities(), old.extensions(),
        old.imageFormats(), tables, old.capabilityValues()));
    assertEquals(0, d.tables().added().size() + d.tables().removed().size());
    assertEquals(1, d.tables().changed().size());
    assertEquals(table.condition(), d.tables().changed().get(0).before().condition());
    assertEquals(guarded.condition(), d.tables().changed().get(0).after().condition());
  }

  @Test
  void aMissingTreeIsOneLineAndExitTwo() {
    Cli.Result r = Cli.run(new DiffCommand(), tmp.resolve("absent").toString(), tmp.resolve("new").toString());
    assertEquals(2, r.exit());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().startsWith("vkrules: missing input file"), r.err());
    assertEquals("", r.out());
  }

  private static List<String> texts(JsonNode list) {
    List<String> out = new ArrayList<>();
    list.forEach(n -> out.add(n.asText()));
    return out;
  }
}
