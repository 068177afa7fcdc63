package dev.vkrules.runtime.pipeline;

import java.util.List;

/**
 * A flags member: its vk.xml bitmask type, its bits, and the names the description wrote (each
 * checked against the registry when read, aliases resolved to the name vk.xml defines the bit by).
 */
public record Flags(String type, long bits, List<String> names) {
  public Flags {
    names = List.copyOf(names);
  }

  /** No bits of {@code type}. */
  public static Flags none(String type) {
    return new Flags(type, 0, List.of());
  }

  /** Whether every bit of {@code mask} is set. */
  public boolean hasAll(long mask) {
    return (bits & mask) == mask;
  }

  /** Whether any bit of {@code mask} is set. */
  public boolean hasAny(long mask) {
    return (bits & mask) != 0;
  }
}
