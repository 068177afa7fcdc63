#version 450
// Two-level parallel reduction: subgroupAdd/Min/Max within subgroups, shared memory across
// subgroups, subgroupElect for the leader (GroupNonUniformArithmetic, Basic).
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require

layout(local_size_x = 256) in;

layout(set = 0, binding = 0, std430) readonly buffer Values { float values[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Results { vec4 perGroup[]; } results;  // sum, min, max
layout(push_constant) uniform PC { uint count; } pc;

shared float partialSums[64];
shared float partialMins[64];
shared float partialMaxs[64];

void main() {
    uint i = gl_GlobalInvocationID.x;
    float v = i < pc.count ? values[i] : 0.0;
    float s = subgroupAdd(v);
    float mn = subgroupMin(i < pc.count ? v : 3.4e38);
    float mx = subgroupMax(i < pc.count ? v : -3.4e38);
    if (subgroupElect()) {
        partialSums[gl_SubgroupID] = s;
        partialMins[gl_SubgroupID] = mn;
        partialMaxs[gl_SubgroupID] = mx;
    }
    barrier();
    if (gl_SubgroupID == 0u) {
        bool live = gl_SubgroupInvocationID < gl_NumSubgroups;
        float ps = subgroupAdd(live ? partialSums[gl_SubgroupInvocationID] : 0.0);
        float pm = subgroupMin(live ? partialMins[gl_SubgroupInvocationID] : 3.4e38);
        float px = subgroupMax(live ? partialMaxs[gl_SubgroupInvocationID] : -3.4e38);
        if (subgroupElect()) {
            results.perGroup[gl_WorkGroupID.x] = vec4(ps, pm, px, float(gl_NumSubgroups));
        }
    }
}
