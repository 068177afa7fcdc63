package dev.vkrules.runtime.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The device description files {@code --profile} names: files as given, directories as every {@code .json} below, sorted. */
final class DeviceFiles {
  private DeviceFiles() {}

  static List<Path> expand(List<Path> given) {
    List<Path> out = new ArrayList<>();
    for (Path p : given) {
      if (!Files.exists(p)) {
        throw new ValidateCommand.Problem("no such profile file or directory: " + p);
      }
      if (!Files.isDirectory(p)) {
        out.add(p);
        continue;
      }
      try (Stream<Path> walk = Files.walk(p)) {
        List<Path> json = walk.filter(Files::isRegularFile).filter(f -> f.toString().endsWith(".json")).sorted().toList();
        if (json.isEmpty()) {
          throw new ValidateCommand.Problem("no .json profiles in " + p);
        }
        out.addAll(json);
      } catch (IOException | UncheckedIOException e) {
        throw new ValidateCommand.Problem("cannot list " + p + ": " + Io.reason(e));
      }
    }
    return out;
  }
}
