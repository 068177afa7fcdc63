package dev.vkrules.runtime.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Writes Fossilize archives for tests, as the format is described in {@link FozArchive} (not
 * Fossilize's code): a capture's JSON document as one entry per object, and single entries with any
 * header, to make damaged archives.
 */
public final class FozWriter {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The tag of each table of a capture. */
  private static final Map<String, Integer> TAGS = Map.of("samplers", 1, "setLayouts", 2, "pipelineLayouts", 3,
      "shaderModules", 4, "renderPasses", 5, "renderPasses2", 5, "graphicsPipelines", 6, "computePipelines", 7,
      "raytracingPipelines", 9);

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  /** An archive of {@code version} (Fossilize writes 6). */
  public FozWriter(int version) {
    out.writeBytes(new byte[] {(byte) 0x81, 'F', 'O', 'S', 'S', 'I', 'L', 'I', 'Z', 'E', 'D', 'B', 0, 0, 0,
        (byte) version});
  }

  public FozWriter() {
    this(6);
  }

  /** One entry: the payload stored (format 1) or as a zlib stream (format 2), with its CRC-32 or 0. */
  public FozWriter entry(int tag, long hash, byte[] payload, boolean compress, boolean crc) {
    byte[] stored = compress ? deflate(payload) : payload;
    CRC32 c = new CRC32();
    c.update(stored);
    return raw(tag, hash, stored, compress ? 2 : 1, crc ? (int) c.getValue() : 0, payload.length);
  }

  /** One entry with the header given as is. */
  public FozWriter raw(int tag, long hash, byte[] stored, int format, int crc, long uncompressedSize) {
    out.writeBytes(String.format("%024x%016x", tag, hash).getBytes(StandardCharsets.US_ASCII));
    ByteBuffer h = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
    h.putInt(stored.length).putInt(format).putInt(crc).putInt((int) uncompressedSize);
    out.writeBytes(h.array());
    out.writeBytes(stored);
    return this;
  }

  public byte[] bytes() {
    return out.toByteArray();
  }

  /** A zlib stream (RFC 1950), as Fossilize's writer makes. */
  public static byte[] deflate(byte[] data) {
    Deflater d = new Deflater(Deflater.BEST_SPEED);
    d.setInput(data);
    d.finish();
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    byte[] buf = new byte[4096];
    while (!d.finished()) {
      b.write(buf, 0, d.deflate(buf));
    }
    d.end();
    return b.toByteArray();
  }

  /**
   * A capture's JSON document ({@code StateRecorder::serialize()}'s form) as an archive: one entry
   * per object of each table, modules with their base64 code turned into varint-encoded words.
   */
  public static byte[] fromCapture(byte[] json, boolean compress, boolean crc) throws Exception {
    JsonNode root = JSON.readTree(json);
    FozWriter w = new FozWriter();
    for (Iterator<Map.Entry<String, JsonNode>> tables = root.fields(); tables.hasNext(); ) {
      Map.Entry<String, JsonNode> table = tables.next();
      Integer tag = TAGS.get(table.getKey());
      if (tag == null) {
        continue;
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = table.getValue().fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        w.entry(tag, Long.parseUnsignedLong(e.getKey(), 16), payload(table.getKey(), e.getKey(), e.getValue()), compress, crc);
      }
    }
    return w.bytes();
  }

  /** An entry's payload: {@code {"version":6,"<table>":{"<hash>":object}}}, a module's code after a NUL. */
  public static byte[] payload(String table, String hash, JsonNode object) throws Exception {
    ObjectNode doc = JSON.createObjectNode();
    doc.put("version", 6);
    byte[] code = null;
    if (table.equals("shaderModules") && object.has("code")) {
      code = Base64.getDecoder().decode(object.get("code").asText());
      ObjectNode m = JSON.createObjectNode();
      byte[] varint = varint(code);
      m.put("varintOffset", 0);
      m.put("varintSize", varint.length);
      m.put("codeSize", code.length);
      m.put("flags", object.path("flags").asInt(0));
      doc.putObject(table).set(hash, m);
      code = varint;
    } else {
      doc.putObject(table).set(hash, object);
    }
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes(JSON.writeValueAsBytes(doc));
    if (code != null) {
      b.write(0);
      b.writeBytes(code);
    }
    return b.toByteArray();
  }

  /** SPIR-V words (little-endian bytes) as varints: 7 bits a byte, low first, the top bit set while more follow. */
  public static byte[] varint(byte[] code) {
    ByteBuffer words = ByteBuffer.wrap(code).order(ByteOrder.LITTLE_ENDIAN);
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    while (words.remaining() >= 4) {
      long w = Integer.toUnsignedLong(words.getInt());
      do {
        int low = (int) (w & 0x7f);
        w >>>= 7;
        b.write(w != 0 ? low | 0x80 : low);
      } while (w != 0);
    }
    return b.toByteArray();
  }
}
