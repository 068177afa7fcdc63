#version 450
// Radix-sort digit histogram (4 bits per pass) using subgroup match via ballot per digit,
// then one shared atomic per distinct digit per subgroup.
#extension GL_KHR_shader_subgroup_ballot : require

layout(local_size_x = 256) in;
layout(constant_id = 0) const uint RADIX_BITS = 4;

layout(set = 0, binding = 0, std430) readonly buffer Keys { uint keys[]; };
layout(set = 0, binding = 1, std430) buffer Histograms { uint histograms[]; };
layout(push_constant) uniform PC { uint shift; uint count; } pc;

shared uint localHist[1u << RADIX_BITS];

void main() {
    const uint BUCKETS = 1u << RADIX_BITS;
    if (gl_LocalInvocationIndex < BUCKETS) localHist[gl_LocalInvocationIndex] = 0u;
    barrier();
    uint i = gl_GlobalInvocationID.x;
    bool valid = i < pc.count;
    uint digit = valid ? (keys[i] >> pc.shift) & (BUCKETS - 1u) : 0xFFFFFFFFu;
    for (uint d = 0u; d < BUCKETS; ++d) {
        uvec4 match = subgroupBallot(valid && digit == d);
        uint n = subgroupBallotBitCount(match);
        if (n > 0u && subgroupElect()) atomicAdd(localHist[d], n);
    }
    barrier();
    if (gl_LocalInvocationIndex < BUCKETS) {
        histograms[gl_LocalInvocationIndex * gl_NumWorkGroups.x + gl_WorkGroupID.x] = localHist[gl_LocalInvocationIndex];
    }
}
