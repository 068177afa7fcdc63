package example;

import dev.vkrules.runtime.engine.Diagnostic;
import dev.vkrules.runtime.engine.Target;
import dev.vkrules.runtime.engine.Validator;
import java.nio.file.Files;
import java.nio.file.Path;

/** Validates one module for Vulkan 1.3 through the library API and prints one VUID a line. */
public final class ValidateOne {
  public static void main(String[] args) throws Exception {
    byte[] spv = Files.readAllBytes(Path.of(args[0]));
    Validator.ValidationResult r = Validator.validate(spv, Target.VULKAN_1_3);
    for (Diagnostic d : r.diagnostics()) {
      System.out.println("finding: " + d.vuid());
    }
    System.out.println("ok: " + r.ok());
  }
}
