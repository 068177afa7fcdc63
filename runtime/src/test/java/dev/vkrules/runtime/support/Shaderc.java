package dev.vkrules.runtime.support;

import static org.lwjgl.util.shaderc.Shaderc.*;

import java.nio.ByteBuffer;
import java.util.Map;

/**
 * shaderc (glslang and SPIRV-Tools, through LWJGL's bindings and natives) compiling one GLSL or HLSL
 * source to SPIR-V 1.6 for Vulkan 1.3 in this JVM. Not thread-safe: one compiler per instance.
 */
public final class Shaderc implements AutoCloseable {
  private static final Map<String, Integer> KINDS = Map.ofEntries(
      Map.entry("vert", shaderc_vertex_shader), Map.entry("frag", shaderc_fragment_shader),
      Map.entry("comp", shaderc_compute_shader), Map.entry("geom", shaderc_geometry_shader),
      Map.entry("tesc", shaderc_tess_control_shader), Map.entry("tese", shaderc_tess_evaluation_shader),
      Map.entry("task", shaderc_task_shader), Map.entry("mesh", shaderc_mesh_shader),
      Map.entry("rgen", shaderc_raygen_shader), Map.entry("rahit", shaderc_anyhit_shader),
      Map.entry("rchit", shaderc_closesthit_shader), Map.entry("rmiss", shaderc_miss_shader),
      Map.entry("rint", shaderc_intersection_shader), Map.entry("rcall", shaderc_callable_shader));

  private final long compiler = shaderc_compiler_initialize();

  /** What a compilation gave: the module, or shaderc's message. */
  public record Result(byte[] module, String error) {}

  /** The stage suffixes this compiler understands ({@code comp}, {@code rchit}, ...). */
  public static boolean knowsStage(String stage) {
    return KINDS.containsKey(stage);
  }

  /**
   * Compiles {@code source} (named {@code name} in messages) for {@code stage}, in HLSL when
   * {@code hlsl}, with entry point {@code entry} and the macros {@code defines} (NAME or NAME=VALUE).
   */
  public Result compile(String name, String source, String stage, boolean hlsl, String entry, Iterable<String> defines) {
    return compile(name, source, stage, hlsl, entry, defines, false, java.util.Map.of());
  }

  /**
   * As {@link #compile(String, String, String, boolean, String, Iterable)}, with debug information
   * when {@code debug} (glslang's {@code -g}: OpString, OpSource with the text, OpLine) and
   * {@code #include}s answered from {@code includes} (file name to text).
   */
  public Result compile(String name, String source, String stage, boolean hlsl, String entry, Iterable<String> defines,
      boolean debug, java.util.Map<String, String> includes) {
    long options = shaderc_compile_options_initialize();
    org.lwjgl.util.shaderc.ShadercIncludeResolve resolve = null;
    org.lwjgl.util.shaderc.ShadercIncludeResultRelease release = null;
    java.util.List<java.nio.ByteBuffer> held = new java.util.ArrayList<>();
    try {
      if (debug) {
        shaderc_compile_options_set_generate_debug_info(options);
      }
      if (!includes.isEmpty()) {
        resolve = org.lwjgl.util.shaderc.ShadercIncludeResolve.create((user, requested, type, requesting, depth) -> {
          String want = org.lwjgl.system.MemoryUtil.memUTF8(requested);
          String text = includes.get(want);
          org.lwjgl.util.shaderc.ShadercIncludeResult r = org.lwjgl.util.shaderc.ShadercIncludeResult.calloc();
          java.nio.ByteBuffer n = org.lwjgl.system.MemoryUtil.memUTF8(text == null ? "" : want, false);
          java.nio.ByteBuffer c = org.lwjgl.system.MemoryUtil.memUTF8(text == null ? "no such include: " + want : text, false);
          held.add(n);
          held.add(c);
          r.source_name(n);
          r.content(c);
          return r.address();
        });
        release = org.lwjgl.util.shaderc.ShadercIncludeResultRelease.create(
            (user, result) -> org.lwjgl.util.shaderc.ShadercIncludeResult.create(result).free());
        shaderc_compile_options_set_include_callbacks(options, resolve, release, 0L);
      }
      shaderc_compile_options_set_source_language(options,
          hlsl ? shaderc_source_language_hlsl : shaderc_source_language_glsl);
      shaderc_compile_options_set_target_env(options, shaderc_target_env_vulkan, shaderc_env_version_vulkan_1_3);
      shaderc_compile_options_set_target_spirv(options, shaderc_spirv_version_1_6);
      for (String d : defines) {
        int eq = d.indexOf('=');
        shaderc_compile_options_add_macro_definition(options, eq < 0 ? d : d.substring(0, eq),
            eq < 0 ? null : d.substring(eq + 1));
      }
      long result = shaderc_compile_into_spv(compiler, source, KINDS.get(stage), name, entry, options);
      try {
        if (shaderc_result_get_compilation_status(result) != shaderc_compilation_status_success) {
          return new Result(null, shaderc_result_get_error_message(result));
        }
        ByteBuffer b = shaderc_result_get_bytes(result);
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return new Result(out, null);
      } finally {
        shaderc_result_release(result);
      }
    } finally {
      shaderc_compile_options_release(options);
      held.forEach(org.lwjgl.system.MemoryUtil::memFree);
      if (resolve != null) {
        resolve.free();
        release.free();
      }
    }
  }

  @Override
  public void close() {
    shaderc_compiler_release(compiler);
  }
}
