#version 450
// Zero-initialised workgroup memory (GL_EXT_null_initializer: OpConstantNull initializer on
// a Workgroup variable, VK_KHR_zero_initialize_workgroup_memory).
#extension GL_EXT_null_initializer : require

layout(local_size_x = 64) in;

struct Bin {
    uint count;
    float sum;
};

shared Bin bins[16] = {};
shared uint overflow = {};

layout(set = 0, binding = 0, std430) readonly buffer In { vec2 samples[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Out { vec4 result[]; };

void main() {
    vec2 s = samples[gl_GlobalInvocationID.x];
    uint b = uint(clamp(s.x, 0.0, 0.999) * 16.0);
    atomicAdd(bins[b].count, 1u);
    if (s.y > 100.0) atomicAdd(overflow, 1u);
    barrier();
    if (gl_LocalInvocationIndex < 16u) {
        Bin bin = bins[gl_LocalInvocationIndex];
        result[gl_WorkGroupID.x * 16u + gl_LocalInvocationIndex] = vec4(float(bin.count), bin.sum, float(overflow), 0.0);
    }
}
