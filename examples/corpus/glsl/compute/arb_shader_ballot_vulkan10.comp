#version 450
// Pre-Vulkan 1.1 subgroup access through GL_ARB_shader_ballot and GL_ARB_shader_group_vote
// (SPV_KHR_shader_ballot, SPV_KHR_subgroup_vote: SubgroupBallotKHR, SubgroupVoteKHR).
#extension GL_ARB_shader_ballot : require
#extension GL_ARB_shader_group_vote : require
#extension GL_ARB_gpu_shader_int64 : require

layout(local_size_x = 64) in;

layout(set = 0, binding = 0, std430) buffer Flags { uint flags[]; };
layout(set = 0, binding = 1, std430) buffer Counts { uint counts[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    bool isSet = flags[i] != 0u;
    uint64_t mask = ballotARB(isSet);
    uint below = bitCount(uint(mask & gl_SubGroupLtMaskARB)) + bitCount(uint((mask & gl_SubGroupLtMaskARB) >> 32));
    if (allInvocationsARB(isSet)) {
        flags[i] = 2u;
    } else if (anyInvocationARB(isSet)) {
        flags[i] = readFirstInvocationARB(flags[i]) + below;
    }
    if (gl_SubGroupInvocationARB == 0u) {
        counts[i / gl_SubGroupSizeARB] = readInvocationARB(below, 1u);
    }
}
