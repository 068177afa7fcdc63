#version 460
// Explicitly laid out shared memory blocks aliasing each other (GL_EXT_shared_memory_block).
#extension GL_EXT_shared_memory_block : require
layout(local_size_x = 64) in;
shared Floats { vec4 f[64]; } asFloats;
shared Uints { uvec4 u[64]; } asUints;
layout(set = 0, binding = 0, std430) buffer Data { vec4 v[]; } data;
void main() {
  uint i = gl_LocalInvocationIndex;
  asFloats.f[i] = data.v[gl_GlobalInvocationID.x];
  barrier();
  data.v[gl_GlobalInvocationID.x] = uintBitsToFloat(asUints.u[63u - i]);
}
