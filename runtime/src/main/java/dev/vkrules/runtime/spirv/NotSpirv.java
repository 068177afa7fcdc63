package dev.vkrules.runtime.spirv;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * What a file that does not start with the SPIR-V magic number looks like, so the message says
 * what to do instead of only "bad magic number": SPIR-V assembly text (assemble it with
 * {@code vkrules as}), GLSL or HLSL source (compile it first), a DirectX or Metal container, a
 * compressed file, JSON, other text; else the magic number it found.
 */
final class NotSpirv {
  private static final Pattern ASSEMBLY = Pattern.compile("(?m)^\\s*(%[\\w.]+\\s*=\\s*)?Op[A-Z]\\w*\\b");
  private static final Pattern GLSL = Pattern.compile("(?m)^\\s*#\\s*version\\b|\\blayout\\s*\\(|\\bgl_[A-Z]\\w*|\\buniform\\s+\\w|\\bvoid\\s+main\\s*\\(");
  private static final Pattern HLSL = Pattern.compile("\\bSV_[A-Za-z]+|\\[\\s*numthreads\\s*\\(|\\bcbuffer\\b|\\bTexture[123]D\\b|\\bRWStructuredBuffer\\b|\\bfloat[234](x[234])?\\b\\s*\\w+\\s*\\(");
  private static final int SAMPLE = 4096;

  private NotSpirv() {}

  /** One sentence on {@code bytes}, which do not begin with the magic number 0x07230203 in either byte order. */
  static String describe(byte[] bytes) {
    if (bytes.length == 0) {
      return "empty file, not a SPIR-V binary";
    }
    if (starts(bytes, "DXBC")) {
      return "a DirectX shader container (DXBC/DXIL), not SPIR-V: compile the source with dxc -spirv";
    }
    if (starts(bytes, "MTLB")) {
      return "a Metal library, not SPIR-V";
    }
    if ((bytes[0] & 0xff) == 0x1f && bytes.length > 1 && (bytes[1] & 0xff) == 0x8b) {
      return "a gzip-compressed file, not a SPIR-V binary: decompress it first";
    }
    if ((bytes[0] & 0xff) == 'P' && bytes.length > 1 && bytes[1] == 'K') {
      return "a zip archive, not a SPIR-V binary: extract it first";
    }
    if (text(bytes)) {
      String s = new String(bytes, 0, Math.min(bytes.length, SAMPLE), StandardCharsets.UTF_8);
      if (ASSEMBLY.matcher(s).find()) {
        return "SPIR-V assembly text, not a binary: assemble it first (vkrules as FILE -o FILE.spv)";
      }
      if (HLSL.matcher(s).find()) {
        return "HLSL source, not a SPIR-V binary: compile it first (dxc -spirv -T <profile> -E <entry> FILE)";
      }
      if (GLSL.matcher(s).find()) {
        return "GLSL source, not a SPIR-V binary: compile it first (glslc FILE -o FILE.spv, or glslangValidator -V)";
      }
      if (s.stripLeading().startsWith("{") || s.stripLeading().startsWith("[")) {
        return "JSON text, not a SPIR-V binary";
      }
      return "text, not a SPIR-V binary";
    }
    if (bytes.length < 4) {
      return "file of " + bytes.length + " bytes is shorter than the SPIR-V magic number";
    }
    int word = (bytes[0] & 0xff) | (bytes[1] & 0xff) << 8 | (bytes[2] & 0xff) << 16 | (bytes[3] & 0xff) << 24;
    return String.format("bad magic number 0x%08x at word 0 (a SPIR-V binary starts with 0x07230203)", word);
  }

  private static boolean starts(byte[] bytes, String ascii) {
    if (bytes.length < ascii.length()) {
      return false;
    }
    for (int i = 0; i < ascii.length(); i++) {
      if (bytes[i] != ascii.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /** Text: no NUL and almost only printable characters, tabs and line ends in the first bytes. */
  private static boolean text(byte[] bytes) {
    int n = Math.min(bytes.length, SAMPLE);
    int odd = 0;
    for (int i = 0; i < n; i++) {
      int b = bytes[i] & 0xff;
      if (b == 0) {
        return false;
      }
      if (b < 0x20 && b != '\n' && b != '\r' && b != '\t' && b != '\f') {
        odd++;
      }
    }
    return odd * 100 <= n;
  }
}
