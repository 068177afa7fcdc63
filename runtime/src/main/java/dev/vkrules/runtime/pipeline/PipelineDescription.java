package dev.vkrules.runtime.pipeline;

import java.util.List;

/**
 * A pipeline description file as read: its pipelines (one for vkrules' own form with one
 * create-info, several for a {@code "pipelines"} list or a Fossilize capture).
 */
public record PipelineDescription(String file, Format format, List<Pipeline> pipelines) {
  public PipelineDescription {
    pipelines = List.copyOf(pipelines);
  }

  /** Which form the file was written in. */
  public enum Format {
    /** vkrules' own form: create-info structures by their vk.xml names ({@code docs/schemas/pipeline.schema.json}). */
    VKRULES,
    /** Fossilize's JSON form of a capture (pipeline cache database as fossilize-disasm writes it). */
    FOSSILIZE
  }
}
