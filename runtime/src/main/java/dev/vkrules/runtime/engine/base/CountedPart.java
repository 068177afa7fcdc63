package dev.vkrules.runtime.engine.base;

import dev.vkrules.runtime.spirv.debug.SourceLocation;

/**
 * One thing a summing rule counted: its display name (the {@code OpName}, {@code Block.member}
 * for a member of a block, {@code %id} when unnamed), its size in {@code unit} ({@code bytes},
 * {@code Locations}, {@code resources}), the word offset of the instruction declaring it (the
 * OpVariable; for a member, its OpTypeStruct) and, once placed, its source location (null
 * without debug information). The interface helpers make them, the device facts keep them while a
 * rule is decided, a {@code Diagnostic} carries them.
 */
public record CountedPart(String name, long size, String unit, int wordOffset, SourceLocation location) {
  public CountedPart(String name, long size, String unit, int wordOffset) {
    this(name, size, unit, wordOffset, null);
  }
}
