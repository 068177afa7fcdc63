#version 460
// Optimization hints: assumptions and expected values (GL_EXT_expect_assume).
#extension GL_EXT_expect_assume : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Data { int v[]; } data;
layout(push_constant) uniform Push { int count; } pc;
void main() {
  assumeEXT(pc.count > 0);
  int i = int(gl_GlobalInvocationID.x);
  if (expectEXT(i < pc.count, true)) {
    data.v[i] = data.v[i] * 2;
  }
}
