#version 450
// Stream compaction with subgroup ballots, votes, shuffles and clustered reductions
// (GroupNonUniformBallot, Vote, Shuffle, ShuffleRelative, Clustered).
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_clustered : require

layout(local_size_x = 64) in;

layout(set = 0, binding = 0, std430) readonly buffer In { vec4 items[]; };
layout(set = 0, binding = 1, std430) buffer Out { uint count; vec4 kept[]; } outBuf;
layout(set = 0, binding = 2, std430) writeonly buffer Stats { uint stats[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    vec4 item = items[i];
    bool keep = item.w > 0.0;
    if (subgroupAll(!keep)) return;
    uvec4 ballot = subgroupBallot(keep);
    uint total = subgroupBallotBitCount(ballot);
    uint prefix = subgroupBallotExclusiveBitCount(ballot);
    uint base = 0u;
    if (subgroupElect()) base = atomicAdd(outBuf.count, total);
    base = subgroupBroadcastFirst(base);
    if (keep) outBuf.kept[base + prefix] = item;
    float neighbour = subgroupShuffleXor(item.x, 1u);
    float up = subgroupShuffleUp(item.y, 1u);
    float down = subgroupShuffleDown(item.z, 1u);
    float any4 = subgroupClusteredMax(item.w, 4u);
    bool uniformFlag = subgroupAllEqual(keep);
    uint firstKept = subgroupBallotFindLSB(ballot);
    if (subgroupInverseBallot(ballot) && i < 1024u) {
        stats[i] = uint(neighbour + up + down + any4) ^ (uniformFlag ? firstKept : 0u)
                 ^ (subgroupBallotBitExtract(ballot, gl_SubgroupInvocationID) ? 1u : 0u)
                 ^ uint(subgroupShuffle(item.x, firstKept));
    }
}
