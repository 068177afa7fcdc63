package dev.vkrules.generator.extract;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.asciidoctor.Asciidoctor;
import org.asciidoctor.ast.PhraseNode;
import org.asciidoctor.ast.StructuralNode;
import org.asciidoctor.extension.InlineMacroProcessor;

/**
 * The Vulkan spec's inline macros ({@code must:}, {@code code:X}, {@code pname:x},
 * {@code slink:VkX}, ...) as AsciidoctorJ extensions.
 *
 * <p>Khronos defines them in Ruby ({@code config/spec-macros/extension.rb} of Vulkan-Docs);
 * without them Asciidoctor would print {@code must:} literally. The rendering follows what
 * validusage.json 1.3.239 shows: normative words in {@code <strong class="purple">}, names
 * in {@code <code>}, API entity links as {@code <a href="#X">X</a>}. The table below is the
 * whole definition; each entry is one small processor.
 */
final class SpecMacros {
  private SpecMacros() {}

  /** How a macro renders its target. */
  enum Kind { NORMATIVE, CODE, LINK, WORD }

  /** A macro: its name, the pattern of its target, and its rendering. */
  record Macro(String name, String target, Kind kind) {
    String regexp() {
      return kind == Kind.NORMATIVE || kind == Kind.WORD ? name + ":(\\w*)" : name + ":" + target;
    }
  }

  private static final String WORD = "(\\w+)";
  private static final String WORD_STAR = "([\\w*]+)";

  static final List<Macro> MACROS = List.of(
      new Macro("can", "", Kind.NORMATIVE),
      new Macro("cannot", "", Kind.NORMATIVE),
      new Macro("may", "", Kind.NORMATIVE),
      new Macro("must", "", Kind.NORMATIVE),
      new Macro("optional", "", Kind.NORMATIVE),
      new Macro("optionally", "", Kind.NORMATIVE),
      new Macro("required", "", Kind.NORMATIVE),
      new Macro("should", "", Kind.NORMATIVE),
      new Macro("undefined", "", Kind.WORD),
      new Macro("code", "(\\w+(?:[.*]\\w+)*\\**)", Kind.CODE),
      new Macro("pname", "(\\w+(?:(?:\\.|&#8594;)\\w+)*)", Kind.CODE),
      new Macro("ptext", "([\\w*]+(?:(?:\\.|&#8594;)[\\w*]+)*)", Kind.CODE),
      new Macro("fname", WORD, Kind.CODE),
      new Macro("ftext", WORD_STAR, Kind.CODE),
      new Macro("sname", WORD, Kind.CODE),
      new Macro("stext", WORD_STAR, Kind.CODE),
      new Macro("ename", WORD, Kind.CODE),
      new Macro("etext", WORD_STAR, Kind.CODE),
      new Macro("dname", WORD, Kind.CODE),
      new Macro("tname", WORD, Kind.CODE),
      new Macro("tag", WORD, Kind.CODE),
      new Macro("attr", WORD, Kind.CODE),
      new Macro("reflink", "([-\\w]+)", Kind.LINK),
      new Macro("apiext", WORD, Kind.LINK),
      new Macro("flink", WORD, Kind.LINK),
      new Macro("slink", WORD, Kind.LINK),
      new Macro("elink", WORD, Kind.LINK),
      new Macro("dlink", WORD, Kind.LINK),
      new Macro("tlink", WORD, Kind.LINK),
      new Macro("basetype", WORD, Kind.LINK));

  /** Registers every macro with {@code asciidoctor}. */
  static void register(Asciidoctor asciidoctor) {
    var registry = asciidoctor.javaExtensionRegistry();
    for (Macro macro : MACROS) {
      registry.inlineMacro(new Processor(macro));
    }
  }

  /** HTML for one use of {@code macro} with {@code target}. */
  static String render(Macro macro, String target) {
    return switch (macro.kind()) {
      case NORMATIVE -> "<strong class=\"purple\">" + macro.name() + "</strong>";
      case WORD -> macro.name();
      case CODE -> "<code>" + target.replace("&#8594;", "-&gt;") + "</code>";
      case LINK -> "<a href=\"#" + target + "\">" + target + "</a>";
    };
  }

  private static final class Processor extends InlineMacroProcessor {
    private final Macro macro;

    Processor(Macro macro) {
      // AsciidoctorJ writes into the config map, so it must be mutable.
      super(macro.name(), new HashMap<>(Map.of(InlineMacroProcessor.REGEXP, macro.regexp())));
      this.macro = macro;
    }

    @Override
    public PhraseNode process(StructuralNode parent, String target, Map<String, Object> attributes) {
      return createPhraseNode(parent, "quoted", render(macro, target));
    }
  }
}
