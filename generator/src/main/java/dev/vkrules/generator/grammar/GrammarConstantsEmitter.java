package dev.vkrules.generator.grammar;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Emits named {@code int} constants for checker code: {@code Op.OpLoad}, one class per core
 * ValueEnum/BitEnum kind ({@code StorageClass.Uniform}, {@code MemoryAccess.Aligned}), and
 * one class per extended instruction set ({@code GlslStd450.FMix}) with nested classes for
 * the set's own kinds. Every class also offers {@code name(int)} for messages.
 */
public final class GrammarConstantsEmitter implements Emitter {
  private static final ClassName KIND = ClassName.get(GrammarNames.PACKAGE, "OperandKind");
  private static final ClassName SET = ClassName.get(GrammarNames.PACKAGE, "InstructionSet");

  @Override
  public List<JavaFile> emit(GenerationInputs inputs) {
    return emit(new GrammarReader().readAll(inputs.specSources().resolve("spirv")));
  }

  public List<JavaFile> emit(List<Grammar> grammars) {
    List<JavaFile> files = new ArrayList<>();
    Grammar core = grammars.get(0);
    files.add(file(core, instructions(core, TypeSpec.classBuilder("Op"), "Opcodes of the core grammar.")
        .addMethod(instructionName("Grammar.core()"))
        .build()));
    Set<String> taken = new HashSet<>();
    for (Kind k : core.kinds()) {
      if (!k.enumerants().isEmpty()) {
        String cls = GrammarNames.kindClass(core, k);
        taken.add(cls);
        files.add(file(core, kind(k, cls, "Grammar.kind(\"" + k.name() + "\")", Modifier.FINAL).build()));
      }
    }
    for (Grammar g : grammars.subList(1, grammars.size())) {
      String cls = GrammarNames.setClass(g);
      if (!taken.add(cls)) {
        throw new GeneratorException(g.source() + ": class name " + cls + " is already taken");
      }
      TypeSpec.Builder set = instructions(g, TypeSpec.classBuilder(cls),
          "Instruction numbers of the extended instruction set \"" + g.importName() + "\".")
          .addField(FieldSpec.builder(String.class, "IMPORT_NAME", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
              .initializer("$S", g.importName()).build())
          .addMethod(instructionName("Grammar.extInstSet(IMPORT_NAME)"));
      for (Kind k : g.kinds()) {
        if (!k.enumerants().isEmpty()) {
          set.addType(kind(k, k.name(), "Grammar.extInstSet(IMPORT_NAME).kind(\"" + k.name() + "\")",
              Modifier.STATIC, Modifier.FINAL).build());
        }
      }
      files.add(file(g, set.build()));
    }
    return files;
  }

  private static JavaFile file(Grammar g, TypeSpec type) {
    return JavaFile.builder(GrammarNames.PACKAGE, type)
        .addFileComment("$L", GrammarNames.banner(g))
        .skipJavaLangImports(true)
        .build();
  }

  private static TypeSpec.Builder instructions(Grammar g, TypeSpec.Builder type, String doc) {
    type.addJavadoc(doc + " Aliases share a number.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    Set<String> names = new HashSet<>();
    for (Instruction in : g.instructions()) {
      for (String alias : names(in.name(), in.aliases())) {
        String name = GrammarNames.constant(alias);
        if (names.add(name)) {
          type.addField(FieldSpec.builder(int.class, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
              .initializer("$L", in.opcode()).build());
        }
      }
    }
    return type;
  }

  /** The primary name, then its aliases in grammar order: each becomes a constant of the same value. */
  private static List<String> names(String primary, List<String> aliases) {
    List<String> out = new ArrayList<>();
    out.add(primary);
    out.addAll(aliases);
    return out;
  }

  private static MethodSpec instructionName(String setExpression) {
    return MethodSpec.methodBuilder("name")
        .addJavadoc("The grammar name of an instruction number, or the number itself when unknown.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(String.class)
        .addParameter(int.class, "number")
        .addStatement("$T set = $L", SET, setExpression)
        .addStatement("$T info = set.byNumber(number)", ClassName.get(GrammarNames.PACKAGE, "InstructionInfo"))
        .addStatement("return info == null ? Integer.toString(number) : info.name()")
        .build();
  }

  private static TypeSpec.Builder kind(Kind k, String cls, String kindExpression, Modifier... modifiers) {
    boolean mask = k.category().equals("BitEnum");
    TypeSpec.Builder type = TypeSpec.classBuilder(cls)
        .addJavadoc("$L $L enumerants$L.\n", mask ? "Mask bits of the" : "Values of the", k.name(),
            mask ? "" : "; aliases share a value")
        .addModifiers(Modifier.PUBLIC)
        .addModifiers(modifiers)
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    Set<String> names = new HashSet<>();
    for (Enumerant e : k.enumerants()) {
      for (String alias : names(e.name(), e.aliases())) {
        String name = GrammarNames.constant(alias);
        if (names.add(name)) {
          type.addField(FieldSpec.builder(int.class, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
              .initializer(mask || e.value() < 0 ? String.format("0x%08x", e.value()) : Integer.toString(e.value()))
              .build());
        }
      }
    }
    type.addMethod(MethodSpec.methodBuilder("kind")
        .addJavadoc("The grammar's operand kind.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(KIND)
        .addStatement("return $L", kindExpression)
        .build());
    type.addMethod(MethodSpec.methodBuilder("name")
        .addJavadoc("The enumerant name of a value, or the number itself when unknown.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(String.class)
        .addParameter(int.class, "value")
        .addStatement("$T e = kind().byValue(value)", ClassName.get(GrammarNames.PACKAGE, "Enumerant"))
        .addStatement("return e == null ? Integer.toUnsignedString(value) : e.name()")
        .build());
    return type;
  }
}
