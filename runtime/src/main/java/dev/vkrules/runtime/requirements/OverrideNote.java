package dev.vkrules.runtime.requirements;

/** An authored correction to vk.xml's tables, as stated in {@code rules/overrides/requirements.yaml}. */
public record OverrideNote(String id, String reason, String upstream) {}
