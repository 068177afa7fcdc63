package dev.vkrules.runtime.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * File names as the system gives them: bytes, whatever the locale and whether or not they are
 * UTF-8. Inside vkrules a name is a string that decodes those bytes as UTF-8, each byte that is
 * not part of valid UTF-8 kept as the lone surrogate {@code U+DC80..U+DCFF} (as Python's
 * {@code surrogateescape} does), so the bytes come back exactly when the file is opened, and a
 * report prints such a byte escaped ({@code \xE9}: {@link Text#escape}, JSON) or percent-encoded
 * (SARIF's URIs).
 *
 * <p>The JVM decodes its arguments and the names a directory gives with the locale's charset
 * ({@code sun.jnu.encoding}): under {@code C} or {@code POSIX} it is ASCII, so a UTF-8 name is
 * mangled, and any invalid byte becomes U+FFFD. {@link #arguments} therefore takes the
 * arguments' bytes from {@code /proc/self/cmdline} when the JVM's strings lost some;
 * {@link #path} makes a path of bytes the charset cannot give through its {@code file:} URI
 * (percent-encoded bytes, which the default file system decodes to the bytes themselves);
 * {@link #of} reads a path's bytes back through the same URI. No reflection, no JVM option.
 */
public final class Names {
  private static final Charset JNU = jnu();
  private static final boolean JNU_UTF8 = JNU.equals(StandardCharsets.UTF_8);
  private static final char FIRST_ESCAPE = '\uDC80';
  private static final char LAST_ESCAPE = '\uDCFF';

  private Names() {}

  private static Charset jnu() {
    try {
      return Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"));
    } catch (RuntimeException e) {
      return StandardCharsets.UTF_8;
    }
  }

  /**
   * The command line's arguments as names: unchanged when the JVM decoded every one without
   * loss, else decoded from the process's own argument bytes ({@code /proc/self/cmdline}, whose
   * last entries are the program's arguments), when those agree with what the JVM made of them.
   */
  public static String[] arguments(String[] args) {
    boolean lossy = false;
    for (String a : args) {
      lossy |= a.indexOf('\uFFFD') >= 0 || !JNU_UTF8 && !ascii(a);
    }
    if (!lossy) {
      return args;
    }
    List<byte[]> raw;
    try {
      raw = split(Files.readAllBytes(Path.of("/proc/self/cmdline")));
    } catch (IOException | RuntimeException e) {
      return args; // not Linux, or no /proc: the JVM's strings are all there is
    }
    if (raw.size() < args.length) {
      return args;
    }
    List<byte[]> mine = raw.subList(raw.size() - args.length, raw.size());
    String[] out = new String[args.length];
    for (int i = 0; i < args.length; i++) {
      if (!sameLoss(mine.get(i), args[i])) {
        return args; // an argument the JVM did not get from these bytes: trust the JVM's
      }
      out[i] = decode(mine.get(i));
    }
    return out;
  }

  /** Whether the JVM could have made {@code arg} of {@code raw} (each lost character a '?' or U+FFFD). */
  private static boolean sameLoss(byte[] raw, String arg) {
    String ours = new String(raw, JNU);
    if (ours.equals(arg)) {
      return true;
    }
    if (ours.length() != arg.length()) {
      // an ASCII locale turns each byte above 0x7f into one '?'
      return !JNU_UTF8 && raw.length == arg.length() && unknownsMatch(new String(raw, StandardCharsets.ISO_8859_1), arg);
    }
    return unknownsMatch(ours, arg);
  }

  private static boolean unknownsMatch(String ours, String arg) {
    for (int i = 0; i < ours.length(); i++) {
      char a = ours.charAt(i);
      char b = arg.charAt(i);
      if (a != b && !(b == '?' || b == '\uFFFD') && !(a == '\uFFFD' || a > 0x7f)) {
        return false;
      }
    }
    return true;
  }

  private static List<byte[]> split(byte[] cmdline) {
    List<byte[]> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < cmdline.length; i++) {
      if (cmdline[i] == 0) {
        byte[] a = new byte[i - start];
        System.arraycopy(cmdline, start, a, 0, a.length);
        out.add(a);
        start = i + 1;
      }
    }
    return out;
  }

  /** {@code bytes} as a name: UTF-8, each byte outside valid UTF-8 as its lone surrogate. */
  public static String decode(byte[] bytes) {
    CharsetDecoder d = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length + 1);
    while (true) {
      CoderResult r = d.decode(in, out, true);
      if (r.isUnderflow()) {
        d.flush(out);
        break;
      }
      if (r.isMalformed() || r.isUnmappable()) {
        for (int i = 0; i < r.length(); i++) {
          out.put((char) (FIRST_ESCAPE + (in.get() & 0x7f)));
        }
      } else {
        throw new IllegalStateException(r.toString()); // overflow: out holds a char per byte
      }
    }
    return out.flip().toString();
  }

  /** The bytes a name stands for: its UTF-8, each escape its byte. */
  public static byte[] encode(String name) {
    if (!escaped(name)) {
      return name.getBytes(StandardCharsets.UTF_8);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(name.length() + 8);
    int start = 0;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c >= FIRST_ESCAPE && c <= LAST_ESCAPE) {
        out.writeBytes(name.substring(start, i).getBytes(StandardCharsets.UTF_8));
        out.write(0x80 | (c - FIRST_ESCAPE));
        start = i + 1;
      }
    }
    out.writeBytes(name.substring(start).getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }

  /** Whether {@code name} holds a byte that is not valid UTF-8 (an escape). */
  public static boolean escaped(String name) {
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c >= FIRST_ESCAPE && c <= LAST_ESCAPE) {
        return true;
      }
    }
    return false;
  }

  /**
   * The path a name stands for, its bytes exactly: {@code Path.of} when the locale's charset can
   * give them, else through the bytes' {@code file:} URI (relative names stay relative).
   *
   * @throws InvalidPathException for a name no path can be (a NUL character)
   */
  public static Path path(String name) {
    if (!escaped(name) && (JNU_UTF8 || ascii(name))) {
      return Path.of(name);
    }
    if (name.indexOf('\0') >= 0) {
      throw new InvalidPathException(shown(name), "a NUL character");
    }
    byte[] bytes = encode(name);
    boolean absolute = bytes.length > 0 && bytes[0] == '/';
    Path cwd = Path.of("").toAbsolutePath();
    StringBuilder uri = new StringBuilder("file://");
    if (!absolute) {
      String base = cwd.toUri().getRawPath();
      uri.append(base.endsWith("/") ? base : base + "/");
    }
    percent(bytes, uri);
    Path p = Path.of(URI.create(uri.toString()));
    return absolute ? p : cwd.relativize(p);
  }

  /** A path's name as vkrules keeps names: its bytes decoded with escapes ({@link #decode}). */
  public static String of(Path p) {
    String s = p.toString();
    if (JNU_UTF8 && s.indexOf('\uFFFD') < 0 || ascii(s) && s.indexOf('?') < 0) {
      return s;
    }
    try {
      byte[] raw = rawBytes(p.toAbsolutePath());
      if (!p.isAbsolute()) {
        byte[] base = rawBytes(Path.of("").toAbsolutePath());
        int skip = base.length + (base.length > 0 && base[base.length - 1] == '/' ? 0 : 1);
        if (raw.length < skip) {
          return s;
        }
        byte[] rel = new byte[raw.length - skip];
        System.arraycopy(raw, skip, rel, 0, rel.length);
        raw = rel;
      }
      return decode(raw);
    } catch (RuntimeException e) {
      return s;
    }
  }

  /** A path's bytes, as its {@code file:} URI percent-encodes them (a directory's trailing '/' dropped). */
  private static byte[] rawBytes(Path absolute) {
    String raw = absolute.toUri().getRawPath();
    if (raw.length() > 1 && raw.endsWith("/") && !absolute.toString().endsWith("/")) {
      raw = raw.substring(0, raw.length() - 1);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length());
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '%' && i + 2 < raw.length()) {
        out.write(Integer.parseInt(raw.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        out.write(c);
      }
    }
    return out.toByteArray();
  }

  /** {@code name} for text and JSON: each byte that is not valid UTF-8 as {@code \xHH}. */
  public static String shown(String name) {
    if (!escaped(name)) {
      return name;
    }
    StringBuilder b = new StringBuilder(name.length() + 8);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c >= FIRST_ESCAPE && c <= LAST_ESCAPE) {
        b.append(String.format("\\x%02X", 0x80 | (c - FIRST_ESCAPE)));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  /** A URI path of the name's bytes: unreserved characters and '/' as they are, every other byte {@code %HH}. */
  public static String uriPath(String name) {
    StringBuilder b = new StringBuilder(name.length() + 8);
    percent(encode(name), b);
    return b.toString();
  }

  private static void percent(byte[] bytes, StringBuilder out) {
    for (byte x : bytes) {
      int c = x & 0xff;
      if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~/".indexOf(c) >= 0) {
        out.append((char) c);
      } else {
        out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
      }
    }
  }

  private static boolean ascii(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) > 0x7f) {
        return false;
      }
    }
    return true;
  }

  /** The charset text output is written in: the platform's, UTF-8 where that is ASCII (the C or POSIX locale). */
  static Charset textCharset() {
    Charset c = Charset.defaultCharset();
    return c.equals(StandardCharsets.US_ASCII) ? StandardCharsets.UTF_8 : c;
  }

  /** Whether the JVM's file-name charset is UTF-8 (false under the C or POSIX locale). */
  static boolean utf8Locale() {
    return JNU_UTF8;
  }
}
