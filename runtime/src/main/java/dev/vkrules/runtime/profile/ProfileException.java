package dev.vkrules.runtime.profile;

/**
 * A profile file that cannot be used: the message is one lower-case line without a period that
 * ends with the position ({@code "capability block 'x' is not defined at 12:9"}).
 */
public final class ProfileException extends Exception {
  private static final long serialVersionUID = 1L;

  public ProfileException(String message) {
    super(message);
  }

  /** A problem located at {@code value}. */
  static ProfileException at(JsonValue value, String what) {
    return new ProfileException(what + " at " + value.position());
  }
}
