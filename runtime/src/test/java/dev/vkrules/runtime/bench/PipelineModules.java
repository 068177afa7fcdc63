package dev.vkrules.runtime.bench;

import dev.vkrules.runtime.pipeline.PipelineReader;
import dev.vkrules.runtime.pipeline.Stage;
import java.nio.file.Path;

/** Prints the module files of a pipeline description's first pipeline, one per line (for pipeline-bench.sh). */
public final class PipelineModules {
  private PipelineModules() {}

  public static void main(String[] args) throws Exception {
    for (Stage s : PipelineReader.read(Path.of(args[0])).pipelines().get(0).stages()) {
      System.out.println(s.module().file());
    }
  }
}
