package dev.vkrules.generator.requirements;

/** The first lines of every generated file: what it is made from and how to make it again. */
final class Banner {
  private Banner() {}

  static String of(String sources) {
    return "AUTO-GENERATED, DO NOT MODIFY.\n"
        + "Generated from " + sources + ".\n"
        + "Edit those files instead, then regenerate with: mvn -B -pl generator,runtime -am generate-sources\n"
        + "(runs dev.vkrules.generator.GenerateMain runtime).";
  }
}
