package dev.vkrules.runtime.pipeline;

import java.util.List;

/**
 * A pipeline description file as read: its pipelines (one for vkrules' own form with one
 * create-info, several for a {@code "pipelines"} list or a Fossilize capture); for an archive, also
 * the pipelines that could not be read and what the reader passed over.
 *
 * @param unread pipelines of an archive that cannot be read, each with its one-line reason (the
 *     others are read); always empty for a JSON document, whose first error is the error of the file
 * @param notes one line each for what reading passed over (an archive's truncation)
 */
public record PipelineDescription(String file, Format format, List<Pipeline> pipelines, List<Unread> unread,
    List<String> notes) {
  public PipelineDescription {
    pipelines = List.copyOf(pipelines);
    unread = List.copyOf(unread);
    notes = List.copyOf(notes);
  }

  public PipelineDescription(String file, Format format, List<Pipeline> pipelines) {
    this(file, format, pipelines, List.of(), List.of());
  }

  /** A pipeline that cannot be read: its name ({@code capture.foz#HASH}) and why, one line naming the entry. */
  public record Unread(String name, String message) {}

  /** Which form the file was written in. */
  public enum Format {
    /** vkrules' own form: create-info structures by their vk.xml names ({@code docs/schemas/pipeline.schema.json}). */
    VKRULES,
    /** A Fossilize capture as one JSON document (what Fossilize's {@code StateRecorder::serialize()} writes). */
    FOSSILIZE,
    /** A Fossilize archive ({@code .foz}, Fossilize's stream archive), read entry by entry. */
    FOSSILIZE_ARCHIVE
  }
}
