package dev.vkrules.runtime.pipeline;

/**
 * Where a value of a description comes from: the file, a JSON pointer into it and the line and
 * column it starts at. {@link #toString} is the form findings quote: {@code pipeline.json pStages[1]}.
 */
public record Source(String file, String pointer, int line, int column) {
  /** A source for a value given on the command line ({@code --spec-constant 3=64}). */
  public static Source commandLine(String option) {
    return new Source("", option, 0, 0);
  }

  /** The member {@code name} of this object. */
  public Source member(String name, int line, int column) {
    return new Source(file, pointer + "/" + name.replace("~", "~0").replace("/", "~1"), line, column);
  }

  /** The element {@code index} of this array. */
  public Source element(int index, int line, int column) {
    return new Source(file, pointer + "/" + index, line, column);
  }

  /** {@code file:line:column}, the prefix of an error message about this value. */
  public String position() {
    return file + ":" + line + ":" + column;
  }

  /**
   * The readable path of the value: {@code pipeline.json pStages[1]} for the pointer
   * {@code /VkGraphicsPipelineCreateInfo/pStages/1} (the create-info key left out), or the option.
   */
  @Override
  public String toString() {
    if (file.isEmpty()) {
      return pointer;
    }
    StringBuilder path = new StringBuilder();
    String[] parts = pointer.isEmpty() ? new String[0] : pointer.substring(1).split("/", -1);
    for (int i = 0; i < parts.length; i++) {
      String p = parts[i].replace("~1", "/").replace("~0", "~");
      if (i == 0 && p.startsWith("Vk")) {
        continue;  // the create-info structure is the pipeline itself
      }
      if (!p.isEmpty() && p.chars().allMatch(Character::isDigit)) {
        path.append('[').append(p).append(']');
      } else {
        path.append(path.length() == 0 ? "" : ".").append(p);
      }
    }
    String file = this.file.substring(this.file.lastIndexOf('/') + 1);
    return path.length() == 0 ? file : file + " " + path;
  }
}
