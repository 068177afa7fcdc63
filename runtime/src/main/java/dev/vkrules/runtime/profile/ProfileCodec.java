package dev.vkrules.runtime.profile;

import dev.vkrules.runtime.profile.DeviceDescription.FormatFeatures;
import dev.vkrules.runtime.profile.JsonValue.JsonArray;
import dev.vkrules.runtime.profile.JsonValue.JsonBoolean;
import dev.vkrules.runtime.profile.JsonValue.JsonNull;
import dev.vkrules.runtime.profile.JsonValue.JsonNumber;
import dev.vkrules.runtime.profile.JsonValue.JsonObject;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
import dev.vkrules.runtime.requirements.VulkanVersion;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A read profile in a compact binary form, written at build time and read back at run time
 * without a JSON parser: what {@link GuaranteedBundle} bundles for {@link GuaranteedDevice} (the guaranteed minimum of each
 * Vulkan version, read from its JSON when the runtime is built). Reading gives a profile equal to
 * the one written (positions of values included). The form is private to one build of the runtime.
 */
final class ProfileCodec {
  private static final int OBJECT = 0;
  private static final int ARRAY = 1;
  private static final int STRING = 2;
  private static final int NUMBER = 3;
  private static final int BOOLEAN = 4;
  private static final int NULL = 5;

  private ProfileCodec() {}

  static void write(DeviceProfile p, DataOutputStream out) throws IOException {
    out.writeUTF(p.name());
    out.writeUTF(p.label());
    out.writeInt(p.variants().size());
    for (DeviceDescription d : p.variants()) {
      out.writeInt(d.apiVersion().major());
      out.writeInt(d.apiVersion().minor());
      strings(d.extensions(), out);
      structs(d.features(), out);
      structs(d.properties(), out);
      out.writeInt(d.formats().size());
      for (Map.Entry<String, FormatFeatures> e : d.formats().entrySet()) {
        out.writeUTF(e.getKey());
        strings(e.getValue().linear(), out);
        strings(e.getValue().optimal(), out);
        strings(e.getValue().buffer(), out);
        out.writeBoolean(e.getValue().extended());
      }
    }
    strings(p.warnings(), out);
  }

  /** The profile {@link #write} wrote into {@code block}; an IOException when the block is not one. */
  static DeviceProfile read(byte[] block) throws IOException {
    Cursor in = new Cursor(block);
    DeviceProfile p;
    try {
      p = read(in);
    } catch (IllegalArgumentException e) {
      // what the records refuse (a negative version, a profile without variants): bad data too
      throw new IOException("bad profile: " + e.getMessage(), e);
    }
    if (!in.atEnd()) {
      throw new IOException("bytes after the profile");
    }
    return p;
  }

  private static DeviceProfile read(Cursor in) throws IOException {
    String name = in.readUTF();
    String label = in.readUTF();
    int n = in.count();
    List<DeviceDescription> variants = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      VulkanVersion api = new VulkanVersion(in.readInt(), in.readInt());
      SortedSet<String> extensions = new TreeSet<>(strings(in));
      SortedMap<String, SortedMap<String, JsonValue>> features = structs(in);
      SortedMap<String, SortedMap<String, JsonValue>> properties = structs(in);
      SortedMap<String, FormatFeatures> formats = new TreeMap<>();
      for (int f = in.count(); f > 0; f--) {
        String format = in.readUTF();
        formats.put(format, new FormatFeatures(new TreeSet<>(strings(in)), new TreeSet<>(strings(in)),
            new TreeSet<>(strings(in)), in.readBoolean()));
      }
      variants.add(new DeviceDescription(api, extensions, features, properties, formats));
    }
    return new DeviceProfile(name, label, variants, strings(in));
  }

  private static void strings(java.util.Collection<String> strings, DataOutputStream out) throws IOException {
    out.writeInt(strings.size());
    for (String s : strings) {
      out.writeUTF(s);
    }
  }

  private static List<String> strings(Cursor in) throws IOException {
    int n = in.count();
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(in.readUTF());
    }
    return out;
  }

  private static void structs(SortedMap<String, SortedMap<String, JsonValue>> structs, DataOutputStream out)
      throws IOException {
    out.writeInt(structs.size());
    for (Map.Entry<String, SortedMap<String, JsonValue>> s : structs.entrySet()) {
      out.writeUTF(s.getKey());
      out.writeInt(s.getValue().size());
      for (Map.Entry<String, JsonValue> m : s.getValue().entrySet()) {
        out.writeUTF(m.getKey());
        value(m.getValue(), out);
      }
    }
  }

  private static SortedMap<String, SortedMap<String, JsonValue>> structs(Cursor in) throws IOException {
    SortedMap<String, SortedMap<String, JsonValue>> out = new TreeMap<>();
    for (int s = in.count(); s > 0; s--) {
      String struct = in.readUTF();
      SortedMap<String, JsonValue> members = new TreeMap<>();
      for (int m = in.count(); m > 0; m--) {
        String member = in.readUTF();
        members.put(member, value(in));
      }
      out.put(struct, members);
    }
    return out;
  }

  private static void value(JsonValue v, DataOutputStream out) throws IOException {
    if (v instanceof JsonObject o) {
      position(OBJECT, v, out);
      out.writeInt(o.members().size());
      for (Map.Entry<String, JsonValue> e : o.members().entrySet()) {
        JsonString key = o.keys().get(e.getKey());
        value(key, out);
        value(e.getValue(), out);
      }
    } else if (v instanceof JsonArray a) {
      position(ARRAY, v, out);
      out.writeInt(a.elements().size());
      for (JsonValue e : a.elements()) {
        value(e, out);
      }
    } else if (v instanceof JsonString s) {
      position(STRING, v, out);
      out.writeUTF(s.value());
    } else if (v instanceof JsonNumber n) {
      position(NUMBER, v, out);
      out.writeUTF(n.text());
    } else if (v instanceof JsonBoolean b) {
      position(BOOLEAN, v, out);
      out.writeBoolean(b.value());
    } else {
      position(NULL, v, out);
    }
  }

  private static void position(int tag, JsonValue v, DataOutputStream out) throws IOException {
    out.writeByte(tag);
    out.writeInt(v.line());
    out.writeInt(v.column());
  }

  private static JsonValue value(Cursor in) throws IOException {
    int tag = in.readByte();
    int line = in.readInt();
    int column = in.readInt();
    switch (tag) {
      case OBJECT -> {
        int n = in.count();
        Map<String, JsonValue> members = new LinkedHashMap<>();
        Map<String, JsonString> keys = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
          if (!(value(in) instanceof JsonString key)) {
            throw new IOException("an object key that is not a string");
          }
          keys.put(key.value(), key);
          members.put(key.value(), value(in));
        }
        return new JsonObject(members, keys, line, column);
      }
      case ARRAY -> {
        int n = in.count();
        List<JsonValue> elements = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          elements.add(value(in));
        }
        return new JsonArray(elements, line, column);
      }
      case STRING -> {
        return new JsonString(in.readUTF(), line, column);
      }
      case NUMBER -> {
        return new JsonNumber(in.readUTF(), line, column);
      }
      case BOOLEAN -> {
        return new JsonBoolean(in.readBoolean(), line, column);
      }
      case NULL -> {
        return new JsonNull(line, column);
      }
      default -> throw new IOException("bad value tag " + tag);
    }
  }

  /**
   * A read position in the bytes {@link DataOutputStream} wrote, reading them straight from the
   * array: the bundled profiles are decoded at start-up in interpreted code, where
   * DataInputStream's {@code readInt} alone costs milliseconds the first time (it reads through a
   * VarHandle, whose set-up is that cost) and each byte is a synchronized virtual call. The same
   * values: big-endian ints, and strings in modified UTF-8 after their two-byte length. Reading
   * past the end, or a count larger than the bytes left, is an IOException, as a bad block must fail
   * cleanly.
   */
  static final class Cursor {
    private final byte[] bytes;
    private int at;

    Cursor(byte[] bytes) {
      this.bytes = bytes;
    }

    boolean atEnd() {
      return at == bytes.length;
    }

    private void need(int n) throws IOException {
      if (n > bytes.length - at) {
        throw new EOFException("bundled profile data ends early");
      }
    }

    int readByte() throws IOException {
      need(1);
      return bytes[at++];
    }

    boolean readBoolean() throws IOException {
      return readByte() != 0;
    }

    int readInt() throws IOException {
      need(4);
      int v = (bytes[at] & 0xFF) << 24 | (bytes[at + 1] & 0xFF) << 16 | (bytes[at + 2] & 0xFF) << 8 | bytes[at + 3] & 0xFF;
      at += 4;
      return v;
    }

    /** A count of things that follow: each takes at least a byte, so more than the bytes left is bad data. */
    int count() throws IOException {
      int n = readInt();
      if (n < 0 || n > bytes.length - at) {
        throw new IOException("bad count " + n);
      }
      return n;
    }

    /** A string {@link DataOutputStream#writeUTF} wrote. */
    String readUTF() throws IOException {
      need(2);
      int length = (bytes[at] & 0xFF) << 8 | bytes[at + 1] & 0xFF;
      need(2 + length);
      int start = at + 2;
      boolean ascii = true;
      for (int i = start; i < start + length && ascii; i++) {
        ascii = bytes[i] >= 0;
      }
      String out;
      if (ascii) {
        // bytes below 0x80 are one character each in modified UTF-8 (the names and numbers of profiles)
        out = new String(bytes, start, length, StandardCharsets.ISO_8859_1);
      } else {
        out = new DataInputStream(new ByteArrayInputStream(bytes, at, 2 + length)).readUTF();
      }
      at = start + length;
      return out;
    }
  }
}
