package dev.vkrules.runtime.pipeline;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * A Fossilize stream archive ({@code .foz}, Fossilize's {@code StreamArchive}) indexed in one pass:
 * for each entry its tag, hash and where its payload lies, never the payloads themselves, which
 * {@link #payload} reads one at a time when asked. Memory is the index plus the entry being read.
 *
 * <p>The format: a 16-byte header, {@code "\x81FOSSILIZEDB"}, three zero bytes and the version (5
 * or 6); then entries back to back, each 40 ASCII characters of name (characters 8 to 23 the tag in
 * hex, 24 to 39 the hash), four little-endian uint32 (stored size, format: 1 stored, 2 a zlib
 * stream; CRC-32 of the stored bytes, 0 for none; uncompressed size) and the stored bytes. As
 * Fossilize reads it: tags from 11 on are skipped, the first entry of a (tag, hash) wins, and an
 * entry cut short by the end of the file ends the archive (the entries before it are kept).
 */
public final class FozArchive {
  /** The header's first 15 bytes; the 16th is the version. */
  private static final byte[] MAGIC = {(byte) 0x81, 'F', 'O', 'S', 'S', 'I', 'L', 'I', 'Z', 'E', 'D', 'B', 0, 0, 0};
  static final int MIN_VERSION = 5;
  static final int MAX_VERSION = 6;
  private static final int HEADER = 16;
  private static final int NAME = 40;
  private static final int ENTRY_HEADER = NAME + 16;
  /** Tags from here on are not Fossilize's resources ({@code RESOURCE_COUNT}): skipped. */
  static final int RESOURCE_COUNT = 11;
  /** The largest payload read, stored or inflated: an entry over it is refused by its declared sizes. */
  public static final long MAX_ENTRY = 64L << 20;

  /** Where one entry is and what its header declares. */
  public record Entry(int tag, long hash, int index, long offset, long storedSize, int format, int crc,
      long uncompressedSize) {
    /** {@code 06.f6afb675e108a8f1}: the tag and the hash, as Fossilize names a payload file. */
    public String name() {
      return String.format("%02x.%016x", tag, hash);
    }

    /** The hash as the JSON payloads write it: 16 lower-case hex digits. */
    public String hashText() {
      return String.format("%016x", hash);
    }
  }

  /** An entry that cannot be read; the message names it: {@code entry 06.f6afb675e108a8f1: CRC-32 mismatch ...}. */
  public static final class Damaged extends Exception {
    private static final long serialVersionUID = 1L;

    Damaged(Entry e, String what) {
      super("entry " + e.name() + ": " + what);
    }
  }

  private final Path file;
  private final Map<Integer, Map<Long, Entry>> byTag;
  private final int entries;
  private final List<String> notes;

  private FozArchive(Path file, Map<Integer, Map<Long, Entry>> byTag, int entries, List<String> notes) {
    this.file = file;
    this.byTag = byTag;
    this.entries = entries;
    this.notes = notes;
  }

  /** Whether {@code file} is to be read as an archive: it is named {@code *.foz} or starts with the archive's magic. */
  public static boolean looksLike(Path file) {
    Path name = file.getFileName();
    if (name != null && name.toString().endsWith(".foz")) {
      return true;
    }
    try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer b = ByteBuffer.allocate(MAGIC.length);
      while (b.hasRemaining() && c.read(b) >= 0) {
        // until the magic's length is read or the file ends
      }
      return !b.hasRemaining() && java.util.Arrays.equals(b.array(), MAGIC);
    } catch (IOException | RuntimeException e) {
      return false;  // not readable here: the reader it goes to says why
    }
  }

  /**
   * Indexes {@code file}: the header, then each entry's name and header (payloads are skipped).
   * A file that is not an archive is one line, {@code FILE: not a Fossilize archive: why}.
   */
  public static FozArchive open(Path file) throws PipelineException {
    try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = c.size();
      String not = file + ": not a Fossilize archive: ";
      if (size == 0) {
        throw new PipelineException(not + "the file is empty (an archive starts with a 16-byte header)");
      }
      if (size < HEADER) {
        throw new PipelineException(not + "the file has " + size + " bytes, fewer than the 16-byte header");
      }
      ByteBuffer header = read(c, 0, HEADER);
      for (int i = 0; i < MAGIC.length; i++) {
        if (header.get(i) != MAGIC[i]) {
          throw new PipelineException(not + "byte " + i + " is 0x" + hex2(header.get(i)) + ", not 0x"
              + hex2(MAGIC[i]) + " of the magic \\x81FOSSILIZEDB\\0\\0\\0");
        }
      }
      int version = header.get(15) & 0xff;
      if (version < MIN_VERSION || version > MAX_VERSION) {
        throw new PipelineException(not + "version " + version + ", expected " + MIN_VERSION + " to " + MAX_VERSION
            + " (byte 15)");
      }
      return index(file, c, size);
    } catch (NoSuchFileException e) {
      throw new PipelineException(file + ": no such file");
    } catch (IOException e) {
      throw new PipelineException(file + ": cannot read: " + e.getMessage());
    }
  }

  private static FozArchive index(Path file, FileChannel c, long size) throws IOException {
    Map<Integer, Map<Long, Entry>> byTag = new LinkedHashMap<>();
    long at = HEADER;
    int index = 0;
    String truncation = null;
    List<String> notes = new ArrayList<>();
    while (at < size) {
      if (size - at < ENTRY_HEADER) {
        truncation = file + ": truncated at byte " + size + ": entry " + (index + 1) + " at byte " + at + " has "
            + (size - at) + " of its 56 bytes of name and header; the " + index + " entries before it are read";
        break;
      }
      ByteBuffer h = read(c, at, ENTRY_HEADER).order(ByteOrder.LITTLE_ENDIAN);
      long stored = Integer.toUnsignedLong(h.getInt(NAME));
      Long tag = hex(h, 8, 24);
      Long hash = hex(h, 24, 40);
      if (size - at - ENTRY_HEADER < stored) {
        String name = tag == null || hash == null ? "'" + name(h) + "'" : String.format("%02x.%016x", tag, hash);
        truncation = file + ": truncated at byte " + size + ": entry " + (index + 1) + " (" + name + ") at byte " + at
            + " declares " + stored + " bytes of payload, " + (size - at - ENTRY_HEADER)
            + " are left; the " + index + " entries before it are read";
        break;
      }
      if (tag == null || hash == null) {
        // Fossilize's strtoul would read some tag and hash out of it; vkrules does not guess which
        notes.add(file + ": entry " + (index + 1) + " at byte " + at + " is skipped: its name '" + name(h)
            + "' has no tag (characters 8 to 23) and hash (24 to 39) in hex");
      } else if (tag < RESOURCE_COUNT) {
        Entry e = new Entry(tag.intValue(), hash, index, at + ENTRY_HEADER, stored, h.getInt(NAME + 4),
            h.getInt(NAME + 8), Integer.toUnsignedLong(h.getInt(NAME + 12)));
        byTag.computeIfAbsent(e.tag(), k -> new LinkedHashMap<>()).putIfAbsent(hash, e);
      }
      index++;
      at += ENTRY_HEADER + stored;
    }
    for (Map.Entry<Integer, Map<Long, Entry>> t : byTag.entrySet()) {
      t.setValue(Collections.unmodifiableMap(t.getValue()));
    }
    if (truncation != null) {
      notes.add(truncation);
    }
    return new FozArchive(file, Collections.unmodifiableMap(byTag), index, List.copyOf(notes));
  }

  /** The entry's name as printable text (control and non-ASCII bytes escaped). */
  private static String name(ByteBuffer h) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < NAME; i++) {
      int ch = h.get(i) & 0xff;
      if (ch >= 0x20 && ch < 0x7f) {
        b.append((char) ch);
      } else {
        b.append("\\x").append(hex2((byte) ch));
      }
    }
    return b.toString();
  }

  /** Name characters {@code from} to {@code to} as hex (either case), or null when one is no hex digit. */
  private static Long hex(ByteBuffer h, int from, int to) {
    long v = 0;
    for (int i = from; i < to; i++) {
      int d = Character.digit((char) (h.get(i) & 0xff), 16);
      if (d < 0) {
        return null;
      }
      v = v << 4 | d;
    }
    return v;
  }

  private static String hex2(byte b) {
    return String.format("%02x", b & 0xff);
  }

  private static ByteBuffer read(FileChannel c, long at, int n) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(n);
    while (b.hasRemaining()) {
      if (c.read(b, at + b.position()) < 0) {
        throw new EOFException("the file ended at byte " + (at + b.position()) + " (it changed while read)");
      }
    }
    return b.flip();
  }

  public Path file() {
    return file;
  }

  /** The entries of {@code tag}, first occurrences only, in file order. */
  public List<Entry> entries(int tag) {
    return new ArrayList<>(byTag.getOrDefault(tag, Map.of()).values());
  }

  /** The entry of {@code tag} and {@code hash}, or null. */
  public Entry entry(int tag, long hash) {
    return byTag.getOrDefault(tag, Map.of()).get(hash);
  }

  /** How many entries the index went through (skipped tags and repeated keys included). */
  public int count() {
    return entries;
  }

  /**
   * One line for each thing the index passed over: an entry whose name holds no tag and hash, and
   * where a truncated archive ends (the last line; the entries before it are read).
   */
  public List<String> notes() {
    return notes;
  }

  /**
   * The entry's payload: read from the file, its CRC-32 checked when the header gives one, inflated
   * when it is a zlib stream (never past the declared size). Refused, by its declared sizes, when
   * either is over {@link #MAX_ENTRY}.
   */
  public byte[] payload(Entry e) throws Damaged, IOException {
    if (e.format() != 1 && e.format() != 2) {
      throw new Damaged(e, "unknown payload format " + Integer.toUnsignedString(e.format())
          + " (1 is stored, 2 a zlib stream)");
    }
    if (e.storedSize() > MAX_ENTRY || e.uncompressedSize() > MAX_ENTRY) {
      throw new Damaged(e, "declares " + Math.max(e.storedSize(), e.uncompressedSize())
          + " bytes, more than the " + (MAX_ENTRY >> 20) + " MiB vkrules reads of one entry");
    }
    if (e.format() == 1 && e.storedSize() != e.uncompressedSize()) {
      throw new Damaged(e, "a stored payload of " + e.storedSize() + " bytes declares " + e.uncompressedSize()
          + " uncompressed bytes");
    }
    byte[] stored;
    try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ)) {
      stored = read(c, e.offset(), (int) e.storedSize()).array();
    }
    if (e.crc() != 0) {
      CRC32 crc = new CRC32();
      crc.update(stored);
      if ((int) crc.getValue() != e.crc()) {
        throw new Damaged(e, String.format("CRC-32 mismatch (the header says %08x, the %d stored bytes give %08x)",
            e.crc(), stored.length, (int) crc.getValue()));
      }
    }
    return e.format() == 1 ? stored : inflate(e, stored);
  }

  /**
   * A zlib stream inflated into exactly the declared size: more or less is damage. The buffer grows
   * with what the stream gives (a header's size alone allocates nothing), never past the declared size.
   */
  private static byte[] inflate(Entry e, byte[] stored) throws Damaged {
    int declared = (int) e.uncompressedSize();
    byte[] out = new byte[(int) Math.min(declared, Math.max(4096L, stored.length * 4L))];
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(stored);
      int n = 0;
      while (n < declared && !inflater.finished()) {
        if (n == out.length) {
          out = java.util.Arrays.copyOf(out, (int) Math.min(declared, out.length * 2L));
        }
        int got = inflater.inflate(out, n, out.length - n);
        if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
          throw new Damaged(e, "the zlib stream ends after " + n + " of the declared " + declared + " bytes");
        }
        n += got;
      }
      if (n < declared) {
        throw new Damaged(e, "inflates to " + n + " bytes, the header declares " + declared);
      }
      if (!inflater.finished() && inflater.inflate(new byte[1]) > 0) {
        throw new Damaged(e, "inflates to more than the " + declared + " bytes the header declares");
      }
      return out;
    } catch (DataFormatException x) {
      throw new Damaged(e, "not a zlib stream: " + (x.getMessage() == null ? "bad data" : x.getMessage()));
    } finally {
      inflater.end();
    }
  }
}
