#version 460
// Maximal reconvergence: the entry point asks for maximally reconverging control flow
// (GL_EXT_maximal_reconvergence), which subgroup ops after divergent branches rely on.
#extension GL_EXT_maximal_reconvergence : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0, std430) buffer Out { uint counts[]; } outBuf;
void main() [[maximally_reconverges]] {
  uint i = gl_GlobalInvocationID.x;
  uint n = 0u;
  if ((i & 1u) == 0u) {
    n = subgroupBallotBitCount(subgroupBallot(true));
  }
  outBuf.counts[i] = subgroupBroadcastFirst(n) + n;
}
