package dev.vkrules.runtime.pipeline;

import dev.vkrules.runtime.profile.JsonValue.JsonObject;
import dev.vkrules.runtime.profile.JsonValue;

/**
 * The SPIR-V of a Fossilize archive's shader module entry: after the entry's JSON and one NUL byte,
 * {@code varintSize} bytes from {@code varintOffset} hold the {@code codeSize / 4} words, each as
 * little-endian groups of 7 bits, the top bit of a byte set when another group follows (1 to 5
 * bytes a word; Fossilize's {@code varint.cpp}).
 */
final class VarintCode {
  private VarintCode() {}

  /**
   * Decodes the code the module entry {@code m} (at {@code at}) describes, from {@code payload}
   * whose binary part starts at {@code binary}: every byte of the varint range is used by the
   * words, and each word fits 32 bits.
   */
  static byte[] decode(JsonObject m, Source at, byte[] payload, int binary) throws PipelineException {
    long offset = member(m, at, "varintOffset");
    long size = member(m, at, "varintSize");
    long codeSize = member(m, at, "codeSize");
    Source codeAt = at.member("codeSize", m.members().get("codeSize").line(), m.members().get("codeSize").column());
    if (codeSize % 4 != 0 || codeSize == 0) {
      throw JsonStruct.error(codeAt, "codeSize " + codeSize + " is not a positive multiple of 4 (a SPIR-V module is 32-bit words)");
    }
    if (codeSize > FozArchive.MAX_ENTRY) {
      throw JsonStruct.error(codeAt, "codeSize " + codeSize + " is more than the " + (FozArchive.MAX_ENTRY >> 20)
          + " MiB vkrules reads of one entry");
    }
    long available = Math.max(0, payload.length - (long) binary);
    if (offset > available || size > available - offset) {
      throw JsonStruct.error(at, "the code, " + size + " bytes at " + offset + ", is past the " + available
          + " bytes after the entry's JSON");
    }
    long words = codeSize / 4;
    if (words > size) {
      // each word takes at least one byte: refused before the words are made
      throw JsonStruct.error(codeAt, "codeSize " + codeSize + " is " + words + " words, more than the " + size
          + " bytes of varintSize hold");
    }
    byte[] out = new byte[(int) codeSize];
    int p = (int) (binary + offset);
    int end = (int) (p + size);
    for (int w = 0; w < words; w++) {
      long word = 0;
      int shift = 0;
      int b;
      do {
        if (p >= end) {
          throw JsonStruct.error(at, "the varint code ends in word " + w + " of " + words);
        }
        if (shift >= 32) {
          throw JsonStruct.error(at, "word " + w + " of the varint code has more than 5 bytes");
        }
        b = payload[p++] & 0xff;
        word |= (long) (b & 0x7f) << shift;
        shift += 7;
      } while ((b & 0x80) != 0);
      if (word > 0xffff_ffffL) {
        throw JsonStruct.error(at, "word " + w + " of the varint code does not fit 32 bits");
      }
      int i = w * 4;
      out[i] = (byte) word;
      out[i + 1] = (byte) (word >>> 8);
      out[i + 2] = (byte) (word >>> 16);
      out[i + 3] = (byte) (word >>> 24);
    }
    if (p != end) {
      throw JsonStruct.error(at, "the varint code has " + (end - p) + " bytes after its " + words + " words");
    }
    return out;
  }

  private static long member(JsonObject m, Source at, String name) throws PipelineException {
    JsonValue v = m.members().get(name);
    if (v == null) {
      throw JsonStruct.error(at, "missing member '" + name + "' of a shader module entry (varintOffset, varintSize,"
          + " codeSize, or base64 code)");
    }
    long n = JsonStruct.integer(v, at.member(name, v.line(), v.column()));
    if (n < 0) {
      throw JsonStruct.error(at.member(name, v.line(), v.column()), name + " is negative: " + n);
    }
    return n;
  }
}
