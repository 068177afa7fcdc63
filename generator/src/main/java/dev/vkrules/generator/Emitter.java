package dev.vkrules.generator;

import com.palantir.javapoet.JavaFile;
import java.util.List;

/**
 * One output area of {@link GenerateMain}: a pure function from the inputs to Java files.
 * A type of its own so that emitters do not depend on the class that runs them.
 */
public interface Emitter {
  List<JavaFile> emit(GenerationInputs inputs);
}
