package dev.vkrules.runtime.spirv.grammar;

/**
 * SPIR-V versions as the header encodes them ({@code 0x00MMmm00}), plus the two markers the
 * grammar tables use.
 */
public final class Versions {
  private Versions() {}

  /** The grammar names no version: available in every version. */
  public static final int ANY = 0;

  /** The grammar says "None": in no core version, only through an extension or capability. */
  public static final int NONE = -1;

  public static int of(int major, int minor) {
    return (major << 16) | (minor << 8);
  }

  public static int major(int version) {
    return (version >>> 16) & 0xff;
  }

  public static int minor(int version) {
    return (version >>> 8) & 0xff;
  }

  /** {@code "1.3"} for a version word, {@code "none"} / {@code "any"} for the markers. */
  public static String toString(int version) {
    if (version == NONE) {
      return "none";
    }
    if (version == ANY) {
      return "any";
    }
    return major(version) + "." + minor(version);
  }
}
