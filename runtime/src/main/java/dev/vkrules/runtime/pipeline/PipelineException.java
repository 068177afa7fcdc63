package dev.vkrules.runtime.pipeline;

/** A pipeline description that cannot be read: the message is {@code FILE:LINE:COLUMN: what} (one line). */
public final class PipelineException extends Exception {
  private static final long serialVersionUID = 1L;

  public PipelineException(String message) {
    super(dev.vkrules.runtime.Shown.oneLine(message));
  }
}
