package dev.vkrules.generator.requirements;

import java.util.List;
import java.util.Objects;

/**
 * One alternative of a capability or extension requirement, as vk.xml's {@code <enable>} forms
 * state it ({@link Kind#VERSION}, {@link Kind#EXTENSION}, {@link Kind#FEATURE},
 * {@link Kind#PROPERTY}), or an authored {@link Kind#ALL_OF} that vk.xml cannot express.
 * Fields a kind does not use are empty strings and empty lists.
 */
public record Enable(
    Kind kind, String version, String extension, String struct, String member, String value,
    List<String> requires, String alias, List<Enable> allOf) {

  public enum Kind {
    VERSION,
    EXTENSION,
    FEATURE,
    PROPERTY,
    ALL_OF
  }

  public Enable {
    Objects.requireNonNull(kind);
    version = Objects.requireNonNullElse(version, "");
    extension = Objects.requireNonNullElse(extension, "");
    struct = Objects.requireNonNullElse(struct, "");
    member = Objects.requireNonNullElse(member, "");
    value = Objects.requireNonNullElse(value, "");
    requires = List.copyOf(requires);
    alias = Objects.requireNonNullElse(alias, "");
    allOf = List.copyOf(allOf);
  }

  public static Enable version(String version) {
    return new Enable(Kind.VERSION, version, "", "", "", "", List.of(), "", List.of());
  }

  public static Enable extension(String name) {
    return new Enable(Kind.EXTENSION, "", name, "", "", "", List.of(), "", List.of());
  }

  public static Enable feature(String struct, String feature, List<String> requires, String alias) {
    return new Enable(Kind.FEATURE, "", "", struct, feature, "", requires, alias, List.of());
  }

  public static Enable property(String struct, String member, String value, List<String> requires) {
    return new Enable(Kind.PROPERTY, "", "", struct, member, value, requires, "", List.of());
  }

  public static Enable allOf(List<Enable> parts) {
    return new Enable(Kind.ALL_OF, "", "", "", "", "", List.of(), "", parts);
  }

  /** A one-line rendering, for error messages and test names. */
  public String describe() {
    return switch (kind) {
      case VERSION -> version;
      case EXTENSION -> extension;
      case FEATURE -> struct + "::" + member + (alias.isEmpty() ? "" : " (alias " + alias + ")")
          + (requires.isEmpty() ? "" : " requires " + String.join(",", requires));
      case PROPERTY -> struct + "::" + member + " = " + value
          + (requires.isEmpty() ? "" : " requires " + String.join(",", requires));
      case ALL_OF -> "all of [" + String.join("; ", allOf.stream().map(Enable::describe).toList()) + "]";
    };
  }
}
