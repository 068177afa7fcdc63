import static org.lwjgl.util.shaderc.Shaderc.*;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Compiles one GLSL source of a case with shaderc (LWJGL's bindings) for a Vulkan target:
 * {@code java -cp LWJGL_JARS Compile.java SRC STAGE ENV OUT}. Run by compile.sh, not by the build.
 */
public class Compile {
  public static void main(String[] args) throws Exception {
    Map<String, Integer> kinds = Map.of("vert", shaderc_vertex_shader, "frag", shaderc_fragment_shader,
        "comp", shaderc_compute_shader, "geom", shaderc_geometry_shader, "tesc", shaderc_tess_control_shader,
        "tese", shaderc_tess_evaluation_shader, "task", shaderc_task_shader, "mesh", shaderc_mesh_shader);
    Map<String, int[]> envs = Map.of("vulkan1.0", new int[] {shaderc_env_version_vulkan_1_0, shaderc_spirv_version_1_0},
        "vulkan1.1", new int[] {shaderc_env_version_vulkan_1_1, shaderc_spirv_version_1_3},
        "vulkan1.2", new int[] {shaderc_env_version_vulkan_1_2, shaderc_spirv_version_1_5},
        "vulkan1.3", new int[] {shaderc_env_version_vulkan_1_3, shaderc_spirv_version_1_6});
    String source = Files.readString(Path.of(args[0]));
    int[] env = envs.get(args[2]);
    long compiler = shaderc_compiler_initialize();
    long options = shaderc_compile_options_initialize();
    shaderc_compile_options_set_target_env(options, shaderc_target_env_vulkan, env[0]);
    shaderc_compile_options_set_target_spirv(options, env[1]);
    long result = shaderc_compile_into_spv(compiler, source, kinds.get(args[1]), args[0], "main", options);
    if (shaderc_result_get_compilation_status(result) != shaderc_compilation_status_success) {
      System.err.println(args[0] + ": " + shaderc_result_get_error_message(result));
      System.exit(1);
    }
    ByteBuffer b = shaderc_result_get_bytes(result);
    byte[] out = new byte[b.remaining()];
    b.get(out);
    Files.write(Path.of(args[3]), out);
    shaderc_result_release(result);
    shaderc_compile_options_release(options);
    shaderc_compiler_release(compiler);
  }
}
