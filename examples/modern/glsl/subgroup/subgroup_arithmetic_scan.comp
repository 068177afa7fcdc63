#version 460
// Subgroup reductions and scans: a prefix sum per subgroup, then per workgroup through shared memory.
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 128) in;
layout(set = 0, binding = 0, std430) buffer Data { uint v[]; } data;
shared uint partial[128];
void main() {
  uint i = gl_GlobalInvocationID.x;
  uint x = data.v[i];
  uint inclusive = subgroupInclusiveAdd(x);
  uint exclusive = subgroupExclusiveAdd(x);
  if (gl_SubgroupInvocationID == gl_SubgroupSize - 1u) {
    partial[gl_SubgroupID] = inclusive;
  }
  barrier();
  uint offset = 0u;
  for (uint s = 0u; s < gl_SubgroupID; ++s) {
    offset += partial[s];
  }
  data.v[i] = offset + exclusive + subgroupMax(x) - subgroupMin(x) + subgroupAnd(x) + subgroupXor(x);
}
