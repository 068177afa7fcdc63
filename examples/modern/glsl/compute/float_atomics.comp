#version 460
// Floating-point atomic add and min/max on buffers and shared memory (GL_EXT_shader_atomic_float, _float2).
#extension GL_EXT_shader_atomic_float : require
#extension GL_EXT_shader_atomic_float2 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Accum { float sum; float maxValue; float grid[]; } acc;
shared float localSum;
void main() {
  if (gl_LocalInvocationIndex == 0u) {
    localSum = 0.0;
  }
  barrier();
  float v = float(gl_GlobalInvocationID.x) * 0.25;
  atomicAdd(localSum, v);
  atomicMax(acc.maxValue, v);
  atomicAdd(acc.grid[gl_GlobalInvocationID.x & 255u], 1.0);
  barrier();
  if (gl_LocalInvocationIndex == 0u) {
    atomicAdd(acc.sum, localSum);
  }
}
