package dev.vkrules.runtime.cli;

import java.io.PrintWriter;
import java.util.HashSet;
import java.util.Set;

/**
 * {@code vkrules dis} without picocli, as {@link FastValidate} is for {@code validate}: picocli's
 * model of the commands costs more than disassembling a small module. It reads {@code dis FILE}
 * with {@code -o FILE}, {@code --raw-id}, {@code --friendly-names} and {@code --no-header}, each
 * once, into the fields picocli fills, and leaves anything else ({@code --help}, {@code -o=FILE},
 * an option it does not know, a second file, {@code --}, {@code @file}) to picocli.
 * {@code FastDisassembleTest} runs a shared set of command lines both ways and compares them.
 */
final class FastDisassemble {
  private FastDisassemble() {}

  /** Runs {@code args} when this parser reads them all; null when picocli must. */
  static Integer run(String[] args, PrintWriter out, PrintWriter err) {
    DisassembleCommand command = parse(args);
    if (command == null) {
      return null;
    }
    try {
      return command.call(out, err);
    } catch (RuntimeException e) {
      return FastValidate.failed(e, out, err);
    }
  }

  /** The command {@code args} ({@code dis ...}) describe, or null when picocli must read them. */
  static DisassembleCommand parse(String[] args) {
    if (args.length < 2 || !args[0].equals("dis")) {
      return null;
    }
    DisassembleCommand c = new DisassembleCommand();
    Set<String> seen = new HashSet<>();
    String file = null;
    for (int i = 1; i < args.length; i++) {
      String a = args[i];
      if (a.indexOf('\0') >= 0) {
        return null;
      }
      if (a.equals("-") || !a.startsWith("-") && !a.startsWith("@")) {
        if (file != null) {
          return null; // picocli's error for a second file
        }
        file = a;
        continue;
      }
      if (!seen.add(a)) {
        return null; // an option given twice: picocli refuses it
      }
      switch (a) {
        case "--raw-id" -> c.rawId = true;
        case "--friendly-names" -> c.friendly = true;
        case "--no-header" -> c.noHeader = true;
        case "-o" -> {
          if (i + 1 >= args.length || args[i + 1].indexOf('\0') >= 0
              || !args[i + 1].equals("-") && args[i + 1].startsWith("-")) {
            return null;
          }
          c.output = args[++i];
        }
        default -> {
          return null;
        }
      }
    }
    if (file == null) {
      return null;
    }
    c.input = file;
    return c;
  }
}
