package dev.vkrules.generator.grammar;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.vkrules.generator.Emitter;
import dev.vkrules.generator.GenerationInputs;
import dev.vkrules.generator.GeneratorException;
import dev.vkrules.generator.grammar.GrammarSpec.Enumerant;
import dev.vkrules.generator.grammar.GrammarSpec.Grammar;
import dev.vkrules.generator.grammar.GrammarSpec.Instruction;
import dev.vkrules.generator.grammar.GrammarSpec.Kind;
import dev.vkrules.generator.grammar.GrammarSpec.Operand;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * Emits the data of every grammar file as calls on the runtime's {@code GrammarBuilder}:
 * one {@code <Set>Tables} class per file plus {@code GrammarTables}, which defines them all.
 * Calls are split into methods of {@value #CHUNK} so no method nears the JVM's 64 KB limit.
 */
public final class GrammarTablesEmitter implements Emitter {
  static final int CHUNK = 80;
  private static final ClassName BUILDER = ClassName.get(GrammarNames.PACKAGE, "GrammarBuilder");

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    return emit(new GrammarReader().readAll(inputs.specSources().resolve("spirv")));
  }

  /** Pure: grammars in, files out (core first, then sets in file-name order). */
  public List<JavaFile> emit(List<Grammar> grammars) {
    Map<String, Integer> capabilities = capabilityValues(grammars.get(0));
    List<JavaFile> files = new ArrayList<>();
    MethodSpec.Builder all = MethodSpec.methodBuilder("defineAll")
        .addModifiers(Modifier.STATIC)
        .addParameter(BUILDER, "b");
    for (Grammar g : grammars) {
      files.add(tables(g, capabilities));
      all.addStatement("$T.define(b)", ClassName.get(GrammarNames.PACKAGE, GrammarNames.tablesClass(g)));
    }
    TypeSpec index = TypeSpec.classBuilder("GrammarTables")
        .addJavadoc("Defines every grammar set, core first.\n")
        .addModifiers(Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addMethod(all.build())
        .build();
    String sources = grammars.stream().map(Grammar::source).collect(Collectors.joining(", "));
    files.add(JavaFile.builder(GrammarNames.PACKAGE, index)
        .addFileComment("$L", String.format(GrammarNames.BANNER_FORMAT, sources))
        .skipJavaLangImports(true)
        .build());
    return files;
  }

  private static Map<String, Integer> capabilityValues(Grammar core) {
    Map<String, Integer> out = new HashMap<>();
    for (Kind k : core.kinds()) {
      if (k.name().equals("Capability")) {
        k.enumerants().forEach(e -> out.putIfAbsent(e.name(), e.value()));
      }
    }
    if (out.isEmpty()) {
      throw new GeneratorException(core.source() + ": no Capability operand kind");
    }
    return out;
  }

  private static JavaFile tables(Grammar g, Map<String, Integer> capabilities) {
    List<CodeBlock> statements = new ArrayList<>();
    int version = g.isCore() ? (g.major() << 16) | (g.minor() << 8) : g.major();
    statements.add(CodeBlock.of("b.beginSet($S, $S, $L, $L)", g.importName(), g.source(), version, g.revision()));
    for (Kind k : g.kinds()) {
      statements.add(CodeBlock.of("b.kind($S, $S)", k.name(), k.category()));
    }
    for (Kind k : g.kinds()) {
      if (!k.bases().isEmpty()) {
        statements.add(CodeBlock.of("b.bases($S, $L)", k.name(), strings(k.bases())));
      }
      for (Enumerant e : k.enumerants()) {
        statements.add(CodeBlock.of("b.enumerant($S, $S, $L, $L, $L, $L, $L, $L$L)", k.name(), e.name(),
            stringArray(e.aliases()), hex(e.value()), ints(g, e.capabilities(), capabilities), stringArray(e.extensions()),
            hex(GrammarNames.version(g.source(), e.version())),
            hex(GrammarNames.version(g.source(), e.lastVersion())), operands(e.parameters())));
      }
    }
    for (Instruction in : g.instructions()) {
      statements.add(CodeBlock.of("b.instruction($L, $S, $L, $S, $L, $L, $L, $L$L)", in.opcode(), in.name(),
          stringArray(in.aliases()), in.opClass(), ints(g, in.capabilities(), capabilities), stringArray(in.extensions()),
          hex(GrammarNames.version(g.source(), in.version())),
          hex(GrammarNames.version(g.source(), in.lastVersion())), operands(in.operands())));
    }
    statements.add(CodeBlock.of("b.endSet()"));

    TypeSpec.Builder type = TypeSpec.classBuilder(GrammarNames.tablesClass(g))
        .addJavadoc("Grammar data of $L.\n", g.source())
        .addModifiers(Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    MethodSpec.Builder define = MethodSpec.methodBuilder("define")
        .addModifiers(Modifier.STATIC)
        .addParameter(BUILDER, "b");
    for (int start = 0, part = 0; start < statements.size(); start += CHUNK, part++) {
      String name = "part" + part;
      MethodSpec.Builder m = MethodSpec.methodBuilder(name)
          .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
          .addParameter(BUILDER, "b");
      for (CodeBlock s : statements.subList(start, Math.min(statements.size(), start + CHUNK))) {
        m.addStatement(s);
      }
      type.addMethod(m.build());
      define.addStatement("$N(b)", name);
    }
    type.addMethod(define.build());
    return JavaFile.builder(GrammarNames.PACKAGE, type.build())
        .addFileComment("$L", GrammarNames.banner(g))
        .skipJavaLangImports(true)
        .build();
  }

  private static String hex(int v) {
    return v == -1 ? "-1" : String.format("0x%08x", v);
  }

  private static CodeBlock ints(Grammar g, List<String> caps, Map<String, Integer> values) {
    List<CodeBlock> parts = new ArrayList<>();
    for (String c : caps) {
      Integer v = values.get(c);
      if (v == null) {
        throw new GeneratorException(g.source() + ": unknown capability '" + c + "'");
      }
      parts.add(CodeBlock.of("$L", v));
    }
    return CodeBlock.of("new int[] {$L}", CodeBlock.join(parts, ", "));
  }

  private static CodeBlock stringArray(List<String> values) {
    return CodeBlock.of("new String[] {$L}", strings(values));
  }

  private static CodeBlock strings(List<String> values) {
    return CodeBlock.join(values.stream().map(v -> CodeBlock.of("$S", v)).toList(), ", ");
  }

  /** Operands as (kind with quantifier, name) pairs, each pair preceded by a comma. */
  private static CodeBlock operands(List<Operand> operands) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (Operand o : operands) {
      b.add(", $S, $S", o.kind() + o.quantifier(), o.name());
    }
    return b.build();
  }
}
