package dev.vkrules.generator.audit;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import dev.vkrules.generator.audit.SpecDiff.EntryChange;
import dev.vkrules.generator.audit.SpecDiff.EntryChanges;
import dev.vkrules.generator.audit.SpecDiff.Pair;
import dev.vkrules.generator.audit.SpecDiff.TableChange;
import dev.vkrules.generator.audit.SpecFacts.EntryFact;
import dev.vkrules.generator.audit.SpecFacts.FormatFact;
import dev.vkrules.generator.audit.SpecFacts.TableFact;
import dev.vkrules.generator.audit.SpecFacts.VuidFact;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.List;

/** The diff as JSON, schema {@code vkrules-diff/1} (documented in docs/audit.md). */
public final class DiffJson {
  public static final String SCHEMA = "vkrules-diff/1";

  private final JsonGenerator g;

  private DiffJson(JsonGenerator g) {
    this.g = g;
  }

  public static String json(SpecDiff d, WorkList w, String oldDir, String newDir) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
      g.setPrettyPrinter(new DefaultPrettyPrinter()
          .withObjectIndenter(new DefaultIndenter("  ", "\n"))
          .withArrayIndenter(new DefaultIndenter("  ", "\n")));
      new DiffJson(g).write(d, w, oldDir, newDir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out + "\n";
  }

  private void write(SpecDiff d, WorkList w, String oldDir, String newDir) throws IOException {
    g.writeStartObject();
    g.writeStringField("schema", SCHEMA);
    g.writeStringField("old", oldDir);
    g.writeStringField("new", newDir);
    g.writeObjectFieldStart("summary");
    g.writeNumberField("added", d.added().size());
    g.writeNumberField("removed", d.removed().size());
    g.writeNumberField("renamed", d.renamed().size());
    g.writeNumberField("successors", d.successors().size());
    g.writeNumberField("reworded", d.reworded().size());
    g.writeNumberField("markupOnly", d.markupOnly().size());
    g.writeNumberField("whitespaceOnly", d.whitespaceOnly().size());
    g.writeNumberField("conditionChanged", d.conditionChanged().size());
    g.writeNumberField("capabilities", d.capabilities().size());
    g.writeNumberField("extensions", d.extensions().size());
    g.writeNumberField("imageFormats", d.imageFormats().size());
    g.writeNumberField("tables", d.tables().size());
    g.writeNumberField("stale", w.stale().size());
    g.writeNumberField("orphaned", w.orphaned().size());
    g.writeNumberField("unruled", w.unruled().size());
    g.writeNumberField("closeSuccessors", d.closeSuccessors().size());
    g.writeEndObject();

    g.writeObjectFieldStart("vuids");
    g.writeArrayFieldStart("added");
    for (VuidFact v : d.added()) {
      vuid(v);
    }
    g.writeEndArray();
    g.writeArrayFieldStart("removed");
    for (VuidFact v : d.removed()) {
      vuid(v);
    }
    g.writeEndArray();
    pairs("renamed", d.renamed(), false);
    pairs("successors", d.successors(), false);
    pairs("reworded", d.reworded(), true);
    pairs("markupOnly", d.markupOnly(), false);
    pairs("whitespaceOnly", d.whitespaceOnly(), false);
    g.writeArrayFieldStart("conditionChanged");
    for (Pair p : d.conditionChanged()) {
      g.writeStartObject();
      g.writeStringField("vuid", p.after().id());
      g.writeStringField("oldCondition", p.before().condition());
      g.writeStringField("newCondition", p.after().condition());
      strings("oldTextConditions", p.before().textConditions());
      strings("newTextConditions", p.after().textConditions());
      g.writeStringField("source", p.after().source());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("closeSuccessors");
    for (SpecDiff.ClosePair p : d.closeSuccessors()) {
      g.writeStartObject();
      g.writeStringField("old", p.before().id());
      g.writeStringField("new", p.after().id());
      g.writeStringField("source", p.after().source());
      g.writeNumberField("similarity", new java.math.BigDecimal(DiffText.similarity(p.similarity())));
      g.writeStringField("oldSection", p.before().section());
      g.writeStringField("newSection", p.after().section());
      g.writeStringField("oldCondition", p.before().condition());
      g.writeStringField("newCondition", p.after().condition());
      g.writeStringField("oldHash", p.before().hash());
      g.writeStringField("newHash", p.after().hash());
      g.writeStringField("oldText", p.before().text());
      g.writeStringField("newText", p.after().text());
      g.writeStringField("wordDiff", WordDiff.inline(p.before().text(), p.after().text()));
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();

    entries("capabilities", d.capabilities());
    entries("extensions", d.extensions());

    g.writeObjectFieldStart("imageFormats");
    g.writeArrayFieldStart("added");
    for (FormatFact f : d.imageFormats().added()) {
      format(f.name(), null, f.vkFormats());
    }
    g.writeEndArray();
    g.writeArrayFieldStart("removed");
    for (FormatFact f : d.imageFormats().removed()) {
      format(f.name(), f.vkFormats(), null);
    }
    g.writeEndArray();
    g.writeArrayFieldStart("changed");
    for (SpecDiff.Pair2<FormatFact> p : d.imageFormats().changed()) {
      format(p.after().name(), p.before().vkFormats(), p.after().vkFormats());
    }
    g.writeEndArray();
    g.writeEndObject();

    g.writeObjectFieldStart("tables");
    g.writeArrayFieldStart("added");
    for (TableFact t : d.tables().added()) {
      table(t, null);
    }
    g.writeEndArray();
    g.writeArrayFieldStart("removed");
    for (TableFact t : d.tables().removed()) {
      table(t, null);
    }
    g.writeEndArray();
    g.writeArrayFieldStart("changed");
    for (TableChange c : d.tables().changed()) {
      table(c.after(), c);
    }
    g.writeEndArray();
    g.writeEndObject();

    g.writeObjectFieldStart("work");
    g.writeStringField("rules", w.rules());
    items("stale", w.stale());
    items("orphaned", w.orphaned());
    g.writeArrayFieldStart("unruled");
    for (VuidFact v : w.unruled()) {
      g.writeStartObject();
      g.writeStringField("vuid", v.id());
      g.writeStringField("section", v.section());
      g.writeStringField("condition", v.condition());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
    g.writeEndObject();
  }

  private void vuid(VuidFact v) throws IOException {
    g.writeStartObject();
    g.writeStringField("vuid", v.id());
    g.writeStringField("section", v.section());
    g.writeStringField("condition", v.condition());
    g.writeStringField("source", v.source());
    g.writeStringField("hash", v.hash());
    g.writeStringField("text", v.text());
    g.writeEndObject();
  }

  private void pairs(String name, List<Pair> pairs, boolean texts) throws IOException {
    g.writeArrayFieldStart(name);
    for (Pair p : pairs) {
      g.writeStartObject();
      g.writeStringField("old", p.before().id());
      g.writeStringField("new", p.after().id());
      g.writeStringField("source", p.after().source());
      if (texts) {
        g.writeStringField("oldHash", p.before().hash());
        g.writeStringField("newHash", p.after().hash());
        g.writeStringField("oldText", p.before().text());
        g.writeStringField("newText", p.after().text());
        g.writeStringField("wordDiff", WordDiff.inline(p.before().text(), p.after().text()));
      }
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private void entries(String name, EntryChanges c) throws IOException {
    g.writeObjectFieldStart(name);
    g.writeArrayFieldStart("added");
    for (EntryFact e : c.added()) {
      g.writeStartObject();
      g.writeStringField("name", e.name());
      strings("enables", e.enables());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("removed");
    for (EntryFact e : c.removed()) {
      g.writeStartObject();
      g.writeStringField("name", e.name());
      strings("enables", e.enables());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("renamed");
    for (EntryChange e : c.renamed()) {
      g.writeStartObject();
      g.writeStringField("name", e.name());
      g.writeStringField("formerName", e.formerName());
      strings("enablesAdded", e.enablesAdded());
      strings("enablesRemoved", e.enablesRemoved());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("changed");
    for (EntryChange e : c.changed()) {
      g.writeStartObject();
      g.writeStringField("name", e.name());
      strings("enablesAdded", e.enablesAdded());
      strings("enablesRemoved", e.enablesRemoved());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private void format(String name, List<String> before, List<String> after) throws IOException {
    g.writeStartObject();
    g.writeStringField("name", name);
    if (before != null) {
      strings("oldVkFormats", before);
    }
    if (after != null) {
      strings("newVkFormats", after);
    }
    g.writeEndObject();
  }

  private void table(TableFact t, TableChange c) throws IOException {
    g.writeStartObject();
    g.writeStringField("key", t.key());
    g.writeStringField("condition", t.condition());
    g.writeStringField("title", t.title());
    g.writeNumberField("rows", t.rows().size());
    if (c != null) {
      g.writeBooleanField("headerChanged", c.headerChanged());
      strings("rowsAdded", c.rowsAdded());
      strings("rowsRemoved", c.rowsRemoved());
    }
    g.writeEndObject();
  }

  private void items(String name, List<WorkList.Item> items) throws IOException {
    g.writeArrayFieldStart(name);
    for (WorkList.Item i : items) {
      g.writeStartObject();
      g.writeStringField("vuid", i.vuid());
      g.writeStringField("file", i.file());
      g.writeStringField("status", i.status());
      g.writeStringField("detail", i.detail());
      g.writeStringField("moveTo", i.moveTo());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private void strings(String name, Collection<String> values) throws IOException {
    g.writeArrayFieldStart(name);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }
}
