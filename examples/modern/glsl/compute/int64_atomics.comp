#version 460
// 64-bit integer atomics on a storage buffer and on shared memory (GL_EXT_shader_atomic_int64).
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Stats { uint64_t total; int64_t minValue; uint64_t histogram[]; } stats;
shared uint64_t localTotal;
void main() {
  if (gl_LocalInvocationIndex == 0u) {
    localTotal = 0ul;
  }
  barrier();
  uint64_t v = uint64_t(gl_GlobalInvocationID.x) * 0x100000001ul;
  atomicAdd(localTotal, v);
  atomicMin(stats.minValue, int64_t(v) - 5l);
  atomicOr(stats.histogram[gl_GlobalInvocationID.x & 63u], 1ul << (v & 63ul));
  barrier();
  if (gl_LocalInvocationIndex == 0u) {
    atomicAdd(stats.total, localTotal);
  }
}
