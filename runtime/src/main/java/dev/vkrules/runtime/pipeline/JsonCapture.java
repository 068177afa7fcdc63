package dev.vkrules.runtime.pipeline;

import dev.vkrules.runtime.NearNames;
import dev.vkrules.runtime.Shown;
import dev.vkrules.runtime.profile.JsonValue.JsonNumber;
import dev.vkrules.runtime.profile.JsonValue.JsonObject;
import dev.vkrules.runtime.profile.JsonValue.JsonString;
import dev.vkrules.runtime.profile.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Fossilize capture as one JSON document (what {@code StateRecorder::serialize()} writes): every
 * table a member of the root, an object keyed by hash. A module's code is the base64 {@code code}
 * of its shaderModules entry, or {@code HASH.spv} beside the capture.
 */
final class JsonCapture implements CaptureTables {
  /** Top-level members of the document that hold no table vkrules reads. */
  private static final Set<String> OTHER = Set.of("version", "applicationInfo", "physicalDeviceFeatures", "link",
      "samplerYcbcrConversions", "applicationBlobLinks");

  private final Path file;
  private final JsonObject root;
  private final Source top;

  JsonCapture(Path file, JsonObject root) throws PipelineException {
    this.file = file;
    this.root = root;
    this.top = new Source(file.toString(), "", root.line(), root.column());
    for (Map.Entry<String, JsonString> k : root.keys().entrySet()) {
      if (!FossilizeReader.TABLES.contains(k.getKey()) && !OTHER.contains(k.getKey())) {
        throw JsonStruct.error(top.member(k.getKey(), k.getValue().line(), k.getValue().column()),
            "unknown member '" + Shown.cut(k.getKey()) + "' of a Fossilize capture"
            + NearNames.text(k.getKey(), FossilizeReader.TABLES));
      }
    }
  }

  /** The document's root, for errors about the whole capture. */
  Source top() {
    return top;
  }

  @Override
  public String file() {
    return file.toString();
  }

  @Override
  public boolean isolated() {
    return false;
  }

  private JsonObject table(String name) throws PipelineException {
    JsonValue v = root.members().get(name);
    if (v == null) {
      return new JsonObject(Map.of(), Map.of(), root.line(), root.column());
    }
    if (!(v instanceof JsonObject o)) {
      throw JsonStruct.error(top.member(name, v.line(), v.column()), "expected an object keyed by hash, got " + v.typeName());
    }
    return o;
  }

  @Override
  public List<String> hashes(String table) throws PipelineException {
    return new ArrayList<>(table(table).members().keySet());
  }

  @Override
  public boolean has(String table, String hash) throws PipelineException {
    return table(table).members().containsKey(hash);
  }

  @Override
  public JsonValue get(String table, String hash) throws PipelineException {
    return table(table).members().get(hash);
  }

  @Override
  public Source at(String table, String hash, JsonValue value) {
    JsonValue t = root.members().get(table);
    return top.member(table, t == null ? 0 : t.line(), t == null ? 0 : t.column()).member(hash, value.line(), value.column());
  }

  /** The embedded code of the module's shaderModules entry, else HASH.spv beside the capture. */
  @Override
  public ShaderModule module(String hash, Source at) throws PipelineException {
    JsonValue entry = get("shaderModules", hash);
    if (entry instanceof JsonObject m && m.members().get("code") instanceof JsonString code) {
      byte[] bytes = base64(code, hash, at);
      checkCodeSize(m, bytes.length, at("shaderModules", hash, m));
      return new ShaderModule(file.getFileName() + " shaderModules[" + hash + "]", null, bytes, null, hash);
    }
    Path side = file.toAbsolutePath().getParent().resolve(hash + ".spv");
    if (Files.isRegularFile(side)) {
      Path shown = file.getParent() == null ? Path.of(hash + ".spv") : file.getParent().resolve(hash + ".spv");
      return new ShaderModule(shown.toString(), side, null, null, hash);
    }
    throw JsonStruct.error(at, "module " + Shown.cut(hash) + " has no code in the capture's shaderModules and no "
        + Shown.cut(hash) + ".spv beside it");
  }

  /** A module's base64 {@code code}. */
  static byte[] base64(JsonString code, String hash, Source at) throws PipelineException {
    try {
      return Base64.getDecoder().decode(code.value());
    } catch (IllegalArgumentException e) {
      throw JsonStruct.error(at, "shaderModules " + Shown.cut(hash) + ": code is not base64: " + e.getMessage());
    }
  }

  /** A module entry's {@code codeSize}, when given, is the size of its code. */
  static void checkCodeSize(JsonObject m, long bytes, Source entry) throws PipelineException {
    JsonValue size = m.members().get("codeSize");
    if (size == null) {
      return;
    }
    Source sizeAt = entry.member("codeSize", size.line(), size.column());
    if (!(size instanceof JsonNumber n)) {
      throw JsonStruct.error(sizeAt, "expected codeSize, a number of bytes, got " + size.typeName());
    }
    if (n.value().compareTo(java.math.BigDecimal.valueOf(bytes)) != 0) {
      throw JsonStruct.error(sizeAt, "codeSize is " + Shown.cut(n.text()) + " but code holds " + bytes + " bytes");
    }
  }
}
