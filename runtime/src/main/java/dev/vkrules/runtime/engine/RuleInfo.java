package dev.vkrules.runtime.engine;

/**
 * What a checker knows of its rule: the VUID, the one-sentence message, the condition
 * stack ({@code ifdef:EXPR;ifndef:EXPR}, outermost first, empty when unconditional), the
 * status, the spec's text of the rule, and the rule file it was generated from.
 */
public record RuleInfo(String vuid, String message, String condition, String status, String text, String file) {}
