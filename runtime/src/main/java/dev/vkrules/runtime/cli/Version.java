package dev.vkrules.runtime.cli;

import dev.vkrules.runtime.rules.RuleCatalog;
import dev.vkrules.runtime.spirv.grammar.Grammar;
import dev.vkrules.runtime.spirv.grammar.InstructionSet;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/**
 * The tool's version, as Maven built it (version.properties: the project version and the commit),
 * for {@code --version} and SARIF; {@code --version} adds what the rules and the grammar were
 * generated from.
 */
public final class Version implements CommandLine.IVersionProvider {
  private static final Properties BUILD = load();

  public static String get() {
    return BUILD.getProperty("version");
  }

  /** The commit the build was made from (12 hex digits, "+modified" for uncommitted changes), or "unknown". */
  public static String commit() {
    String commit = BUILD.getProperty("commit", "unknown");
    return commit + ("true".equals(BUILD.getProperty("dirty")) ? "+modified" : "");
  }

  @Override
  public String[] getVersion() {
    InstructionSet core = Grammar.core();
    return new String[] {
        "vkrules " + get() + " (commit " + commit() + ")",
        "Vulkan " + RuleCatalog.SPEC_RELEASE + " (the rules, tables and vk.xml it was built from)",
        "SPIR-V grammar " + (core.version() >> 16) + "." + ((core.version() >> 8) & 0xff) + " revision " + core.revision()};
  }

  private static Properties load() {
    try (InputStream in = Version.class.getResourceAsStream("/dev/vkrules/runtime/version.properties")) {
      if (in == null) {
        throw new IllegalStateException("version.properties is missing from the class path; build with Maven");
      }
      Properties p = new Properties();
      p.load(in);
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
