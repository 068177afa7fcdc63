package dev.vkrules.generator.audit;

import java.util.Locale;

/** The authored status of a rule, as {@code authored.status} spells it. */
public enum Status {
  DECLARATIVE,
  NATIVE,
  NOT_CHECKABLE,
  TODO;

  /** The rule-file spelling: {@code declarative}, {@code native}, {@code not-checkable}, {@code todo}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Whether vkrules checks the rule (declaratively or by a native predicate). */
  public boolean checked() {
    return this == DECLARATIVE || this == NATIVE;
  }

  /** The status of a rule-file spelling, or null when there is none. */
  public static Status ofLabel(String label) {
    for (Status s : values()) {
      if (s.label().equals(label)) {
        return s;
      }
    }
    return null;
  }
}
