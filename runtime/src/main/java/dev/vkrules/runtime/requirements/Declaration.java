package dev.vkrules.runtime.requirements;

/**
 * A capability or extension a module declares: its name, the word offset of the declaring
 * instruction, and that instruction as disassembly (for diagnostics).
 */
public record Declaration(String name, int wordOffset, String instruction) {}
