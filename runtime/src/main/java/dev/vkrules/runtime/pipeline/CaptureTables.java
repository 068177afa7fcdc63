package dev.vkrules.runtime.pipeline;

import dev.vkrules.runtime.profile.JsonValue;
import java.util.List;

/**
 * Where {@link FossilizeReader} finds a capture's objects, by table ({@code shaderModules},
 * {@code pipelineLayouts}, ...) and hash: one JSON document holding every table
 * ({@link JsonCapture}), or an archive whose entries are read one at a time ({@link FozCapture}).
 */
interface CaptureTables {
  /** The file, as errors and findings name it. */
  String file();

  /** The hashes of a table, in the file's order. */
  List<String> hashes(String table) throws PipelineException;

  /** Whether the table holds the hash. */
  boolean has(String table, String hash) throws PipelineException;

  /**
   * The object the hash names in the table, or null when the table does not hold it; an archive's
   * entry that cannot be read is {@link FozArchive.Damaged}.
   */
  JsonValue get(String table, String hash) throws PipelineException, FozArchive.Damaged;

  /** Where an object of a table is (for errors and for findings that quote it). */
  Source at(String table, String hash, JsonValue value);

  /** A stage's module, the hash naming an entry of shaderModules; {@code at} is where the stage names it. */
  ShaderModule module(String hash, Source at) throws PipelineException;

  /** Whether one pipeline that cannot be read is reported alone and the others still read (an archive). */
  boolean isolated();
}
