package dev.vkrules.runtime.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/** The tool's version, as Maven built it (version.properties), for {@code --version} and SARIF. */
public final class Version implements CommandLine.IVersionProvider {
  private static final String VERSION = load();

  public static String get() {
    return VERSION;
  }

  @Override
  public String[] getVersion() {
    return new String[] {"vkrules " + VERSION};
  }

  private static String load() {
    try (InputStream in = Version.class.getResourceAsStream("/dev/vkrules/runtime/version.properties")) {
      if (in == null) {
        throw new IllegalStateException("version.properties is missing from the class path; build with Maven");
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
