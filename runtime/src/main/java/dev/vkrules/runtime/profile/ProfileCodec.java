package dev.vkrules.runtime.profile;

import dev.vkrules.runtime.profile.DeviceDescription.FormatFeatures;
import dev.vkrules.runtime.profile.JsonValue.JsonArray;
import dev.vkrules.runtime.profile.JsonValue.JsonBoolean;
import dev.vkrules.runtime.profile.JsonValue.JsonNull;
import dev.vkrules.runtime.profile.JsonValue.JsonNumber;
import dev.vkrules.runtime.profile.JsonValue.JsonObject;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
import dev.vkrules.runtime.requirements.VulkanVersion;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
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

  static DeviceProfile read(DataInputStream in) throws IOException {
    String name = in.readUTF();
    String label = in.readUTF();
    int n = in.readInt();
    List<DeviceDescription> variants = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      VulkanVersion api = new VulkanVersion(in.readInt(), in.readInt());
      SortedSet<String> extensions = new TreeSet<>(strings(in));
      SortedMap<String, SortedMap<String, JsonValue>> features = structs(in);
      SortedMap<String, SortedMap<String, JsonValue>> properties = structs(in);
      SortedMap<String, FormatFeatures> formats = new TreeMap<>();
      for (int f = in.readInt(); f > 0; f--) {
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

  private static List<String> strings(DataInputStream in) throws IOException {
    int n = in.readInt();
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

  private static SortedMap<String, SortedMap<String, JsonValue>> structs(DataInputStream in) throws IOException {
    SortedMap<String, SortedMap<String, JsonValue>> out = new TreeMap<>();
    for (int s = in.readInt(); s > 0; s--) {
      String struct = in.readUTF();
      SortedMap<String, JsonValue> members = new TreeMap<>();
      for (int m = in.readInt(); m > 0; m--) {
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

  private static JsonValue value(DataInputStream in) throws IOException {
    int tag = in.readByte();
    int line = in.readInt();
    int column = in.readInt();
    switch (tag) {
      case OBJECT -> {
        int n = in.readInt();
        Map<String, JsonValue> members = new LinkedHashMap<>();
        Map<String, JsonString> keys = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
          JsonString key = (JsonString) value(in);
          keys.put(key.value(), key);
          members.put(key.value(), value(in));
        }
        return new JsonObject(members, keys, line, column);
      }
      case ARRAY -> {
        int n = in.readInt();
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
}
