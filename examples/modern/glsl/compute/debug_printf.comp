#version 460
// NonSemantic.DebugPrintf (GL_EXT_debug_printf).
#extension GL_EXT_debug_printf : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer Data { vec4 v[]; } data;
void main() {
  vec4 x = data.v[gl_GlobalInvocationID.x];
  debugPrintfEXT("invocation %u sees %v4f", gl_GlobalInvocationID.x, x);
}
