package dev.vkrules.runtime.requirements;

/**
 * A valid-usage id with its text (plain, from Khronos' validusage.json) and the condition key
 * it is filed under there ({@code core}, or e.g. {@code !(VK_NV_glsl_shader)}).
 */
public record Vuid(String id, String text, String condition) {}
