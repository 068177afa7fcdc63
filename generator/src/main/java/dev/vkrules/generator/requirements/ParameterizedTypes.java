package dev.vkrules.generator.requirements;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import java.util.List;
import java.util.Map;

/** Type names several emitters share. */
final class ParameterizedTypes {
  private ParameterizedTypes() {}

  static ParameterizedTypeName stringListMap() {
    return ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class),
        ParameterizedTypeName.get(List.class, String.class));
  }
}
