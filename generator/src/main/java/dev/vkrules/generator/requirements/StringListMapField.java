package dev.vkrules.generator.requirements;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import javax.lang.model.element.Modifier;

/**
 * A public constant {@code Map<String, List<String>>} of a generated table, filled by private
 * {@code partN} methods of at most {@value #ENTRIES_PER_METHOD} entries each (one method of every
 * vk.xml structure would pass the class file's limit on a method's size) and a {@code build}
 * method that joins them.
 */
final class StringListMapField {
  static final int ENTRIES_PER_METHOD = 150;

  private StringListMapField() {}

  /** Adds {@code field} (with its javadoc), the {@code build} method and its {@code partN} methods to {@code type}. */
  static void add(TypeSpec.Builder type, String field, String javadoc, SortedMap<String, List<String>> entries) {
    type.addField(FieldSpec.builder(ParameterizedTypes.stringListMap(), field, Modifier.PUBLIC, Modifier.STATIC,
            Modifier.FINAL)
        .addJavadoc(javadoc).initializer("build()").build());
    CodeBlock.Builder build = CodeBlock.builder()
        .addStatement("$T<String, $T<String>> m = new $T<>()", Map.class, List.class, TreeMap.class);
    List<Map.Entry<String, List<String>>> all = List.copyOf(entries.entrySet());
    for (int start = 0, part = 0; start < all.size(); start += ENTRIES_PER_METHOD, part++) {
      CodeBlock.Builder body = CodeBlock.builder();
      for (Map.Entry<String, List<String>> e : all.subList(start, Math.min(all.size(), start + ENTRIES_PER_METHOD))) {
        CodeBlock values = CodeBlock.join(e.getValue().stream().map(n -> CodeBlock.of("$S", n)).toList(), ", ");
        body.addStatement("m.put($S, $T.of($L))", e.getKey(), List.class, values);
      }
      type.addMethod(MethodSpec.methodBuilder("part" + part).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
          .addParameter(ParameterizedTypes.stringListMap(), "m").addCode(body.build()).build());
      build.addStatement("part$L(m)", part);
    }
    build.addStatement("return $T.unmodifiableMap(m)", java.util.Collections.class);
    type.addMethod(MethodSpec.methodBuilder("build").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(ParameterizedTypes.stringListMap()).addCode(build.build()).build());
  }
}
