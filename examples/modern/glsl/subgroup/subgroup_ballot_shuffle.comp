#version 460
// Ballots, shuffles and relative shuffles (GL_KHR_shader_subgroup_ballot / _shuffle / _shuffle_relative).
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Data { vec4 v[]; } data;
void main() {
  uint i = gl_GlobalInvocationID.x;
  vec4 x = data.v[i];
  uvec4 mask = subgroupBallot(x.w > 0.0);
  uint first = subgroupBallotFindLSB(mask);
  vec4 y = subgroupShuffle(x, first) + subgroupShuffleXor(x, 1u) + subgroupShuffleUp(x, 1u) + subgroupShuffleDown(x, 1u);
  data.v[i] = y * float(subgroupBallotInclusiveBitCount(mask));
}
