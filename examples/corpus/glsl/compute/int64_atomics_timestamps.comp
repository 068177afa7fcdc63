#version 450
// 64-bit integer arithmetic and atomics (Int64, Int64Atomics): packed depth+payload
// visibility buffer resolved with atomicMin on uint64_t.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require

layout(local_size_x = 64) in;

layout(set = 0, binding = 0, std430) buffer VisBuffer { uint64_t packedVis[]; };
layout(set = 0, binding = 1, std430) readonly buffer Samples { uvec4 samples[]; };
layout(set = 0, binding = 2, std430) buffer Counters { uint64_t totalWork; int64_t signedSum; };
layout(push_constant) uniform PC { uint width; uint count; } pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.count) return;
    uvec4 s = samples[i];          // x, y, depth bits, triangle id
    uint64_t packed = (uint64_t(s.z) << 32) | uint64_t(s.w);
    atomicMin(packedVis[s.y * pc.width + s.x], packed);
    atomicAdd(totalWork, uint64_t(1));
    atomicAdd(signedSum, int64_t(s.w) - int64_t(s.z));
    uint64_t mixed = packed * 0x9E3779B97F4A7C15UL;
    atomicMax(packedVis[0], mixed >> 63);
}
