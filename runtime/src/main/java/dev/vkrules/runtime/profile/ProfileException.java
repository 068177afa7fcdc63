package dev.vkrules.runtime.profile;

/**
 * A profile file that cannot be used: one lower-case line without a period, and where in the
 * file the problem is when it has a place ({@link #position}, {@code LINE:COLUMN}). The message
 * ends with {@code at LINE:COLUMN} ({@code "capability block 'x' is not defined at 12:9"});
 * {@link ProfileReader#read} writes it {@code FILE:LINE:COLUMN: what}.
 */
public final class ProfileException extends Exception {
  private static final long serialVersionUID = 1L;

  private final String what;
  private final String position;

  public ProfileException(String message) {
    this(message, null);
  }

  private ProfileException(String what, String position) {
    super(dev.vkrules.runtime.Shown.oneLine(position == null ? what : what + " at " + position));
    this.what = dev.vkrules.runtime.Shown.oneLine(what);
    this.position = position;
  }

  /** A problem located at {@code value}. */
  static ProfileException at(JsonValue value, String what) {
    return new ProfileException(what, value.position());
  }

  /** A problem at {@code line:column} of the file. */
  static ProfileException at(String position, String what) {
    return new ProfileException(what, position);
  }

  /** The problem, without its position. */
  public String what() {
    return what;
  }

  /** {@code LINE:COLUMN} in the file, or null when the problem is not at one place. */
  public String position() {
    return position;
  }
}
